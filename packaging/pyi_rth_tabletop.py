"""PyInstaller runtime hook: ``python -m MODULE`` for the frozen app.

The client starts its bot worker as ``[sys.executable, "-m", "tabletop.client.bot_worker"]``.
Frozen, ``sys.executable`` is the tabletop binary itself, which has no ``-m``; this hook runs
before the app's own code and gives it one, for tabletop's own modules only.
"""

import sys

if len(sys.argv) >= 3 and sys.argv[1] == "-m" and sys.argv[2].startswith("tabletop."):
    import runpy

    _module = sys.argv[2]
    sys.argv = [sys.argv[0]] + sys.argv[3:]
    runpy.run_module(_module, run_name="__main__", alter_sys=True)
    sys.exit(0)
