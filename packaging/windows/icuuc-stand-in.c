/* A stand-in for Windows' own icuuc.dll, for the Wine prefix that builds and checks the Windows
 * app (packaging/windows/package-under-wine.sh). It is never shipped.
 *
 * Qt 6's Qt6Core.dll links Windows' system ICU (icuuc.dll, in System32 since Windows 10 1703) for
 * its text codecs beyond UTF-8/16/32 and Latin-1 (QStringConverter's ucnv_* calls). Wine ships an
 * icuuc.dll only from 11.5; without one, nothing that loads QtCore starts under Wine 8. This DLL
 * exports the functions Qt6Core.dll imports -- the build script compares its export list with
 * Qt6Core.dll's imports and stops when Qt asks for one more -- and each of them fails the way ICU
 * fails when a converter is not there: ucnv_open returns NULL with an error status, and there are
 * no converters to list. So under Wine, a legacy codec such as Shift-JIS is "unknown" to Qt; the
 * app reads and writes UTF-8 only, and on a real Windows the system's icuuc.dll answers.
 *
 * It goes into the prefix's C:\windows\system32 only: PyInstaller leaves DLLs of the system
 * folder out of the bundle, and the build script checks that no icuuc.dll got into it.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -s -o icuuc.dll icuuc-stand-in.c
 */
#include <stddef.h>

typedef int UErrorCode;
typedef unsigned short UChar;
#define U_FILE_ACCESS_ERROR 4 /* what ICU says when a converter's data is missing */
#define EXPORT __declspec(dllexport)
#define FAIL(status) do { if ((status) && *(status) <= 0) *(status) = U_FILE_ACCESS_ERROR; } while (0)

EXPORT void *ucnv_open(const char *name, UErrorCode *status) { FAIL(status); return NULL; }
EXPORT void ucnv_close(void *cnv) {}
EXPORT void ucnv_reset(void *cnv) {}
EXPORT signed char ucnv_getMaxCharSize(const void *cnv) { return 1; }
EXPORT const char *ucnv_getName(const void *cnv, UErrorCode *status) { FAIL(status); return ""; }
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *status) { FAIL(status); return NULL; }
EXPORT int ucnv_countAvailable(void) { return 0; }
EXPORT const char *ucnv_getAvailableName(int n) { return NULL; }

/* the substitution callbacks: Qt passes their addresses, never calls them here (no converter) */
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(const void *context, void *args, const UChar *units, int length,
                                            int codePoint, int reason, UErrorCode *status) {}
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(const void *context, void *args, const char *units, int length,
                                          int reason, UErrorCode *status) {}
EXPORT void ucnv_getToUCallBack(const void *cnv, void **action, const void **context) {
    if (action) *action = NULL;
    if (context) *context = NULL;
}
EXPORT void ucnv_getFromUCallBack(const void *cnv, void **action, const void **context) {
    if (action) *action = NULL;
    if (context) *context = NULL;
}
EXPORT void ucnv_setToUCallBack(void *cnv, void *action, const void *context, void **old, const void **oldContext,
                                UErrorCode *status) { FAIL(status); }
EXPORT void ucnv_setFromUCallBack(void *cnv, void *action, const void *context, void **old, const void **oldContext,
                                  UErrorCode *status) { FAIL(status); }
EXPORT void ucnv_cbToUWriteUChars(void *args, const UChar *source, int length, int offsetIndex, UErrorCode *status) { FAIL(status); }
EXPORT void ucnv_cbFromUWriteUChars(void *args, const UChar **source, const UChar *sourceLimit, int offsetIndex,
                                    UErrorCode *status) { FAIL(status); }
EXPORT int ucnv_toUCountPending(const void *cnv, UErrorCode *status) { FAIL(status); return 0; }
EXPORT int ucnv_fromUCountPending(const void *cnv, UErrorCode *status) { FAIL(status); return 0; }
EXPORT void ucnv_toUnicode(void *cnv, UChar **target, const UChar *targetLimit, const char **source,
                           const char *sourceLimit, int *offsets, signed char flush, UErrorCode *status) { FAIL(status); }
EXPORT void ucnv_fromUnicode(void *cnv, char **target, const char *targetLimit, const UChar **source,
                             const UChar *sourceLimit, int *offsets, signed char flush, UErrorCode *status) { FAIL(status); }
