"""Every benchmark of the project, printed as figures with their targets.

    python benchmarks/run_all.py [--quick] [engine|decisions|startup|stall|strength ...]
"""

from __future__ import annotations

import sys
import time

import decision_time
import engine_speed
import stall
import startup
import strength

SECTIONS = {
    "engine": ("Engine speed", engine_speed.main),
    "decisions": ("Bot decision times", decision_time.main),
    "startup": ("Start-up", startup.main),
    "stall": ("Event loop while a bot thinks", stall.main),
    "strength": ("Bot strength", strength.main),
}


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    chosen = [a for a in argv if not a.startswith("-")] or list(SECTIONS)
    for name in chosen:
        if name not in SECTIONS:
            print(f"unknown section {name!r}; sections: {', '.join(SECTIONS)}", file=sys.stderr)
            return 2
    print(f"Once Upon a Forest benchmarks{' (quick)' if quick else ''}")
    for name in chosen:
        title, run = SECTIONS[name]
        print(f"\n== {title} ==", flush=True)
        t = time.perf_counter()
        run(quick)
        print(f"   ({time.perf_counter() - t:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
