/* A stand-in for tabletop.exe, for packaging/windows/check-under-wine.sh only: the real Windows
 * app can only be built on Windows, but the installer's script (tabletop.iss) can be compiled and
 * its installer run under Wine around any tabletop.exe. This one writes each of its arguments on
 * a line (UTF-8) to the file named by TABLETOP_STAND_IN_LOG, so the check can see which file a
 * double-click on a .tabletop save hands to the app, and exits 0.
 *
 *   x86_64-w64-mingw32-gcc -municode -O2 -s -o tabletop.exe stand-in.c
 */
#include <windows.h>
#include <stdio.h>

static void write_utf8(FILE *out, const wchar_t *text) {
    char buffer[4 * MAX_PATH];
    int length = WideCharToMultiByte(CP_UTF8, 0, text, -1, buffer, sizeof buffer, NULL, NULL);
    if (length > 1) fwrite(buffer, 1, (size_t)(length - 1), out);
    fputc('\n', out);
}

int wmain(int argc, wchar_t **argv) {
    wchar_t log_path[MAX_PATH];
    if (!GetEnvironmentVariableW(L"TABLETOP_STAND_IN_LOG", log_path, MAX_PATH)) return 2;
    FILE *out = _wfopen(log_path, L"ab");
    if (!out) return 3;
    for (int i = 1; i < argc; i++) write_utf8(out, argv[i]);
    fclose(out);
    return 0;
}
