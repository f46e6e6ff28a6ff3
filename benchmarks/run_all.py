"""Every benchmark of the project, printed as figures with their targets.

    python benchmarks/run_all.py [--quick] [engine|decisions|startup|stall|strength ...]
"""

from __future__ import annotations

import sys

import decision_time
import engine_speed
import stall
import startup
import strength
from common import run_sections

SECTIONS = {
    "engine": ("Engine speed", engine_speed.main),
    "decisions": ("Bot decision times", decision_time.main),
    "startup": ("Start-up", startup.main),
    "stall": ("Event loop while a bot thinks", stall.main),
    "strength": ("Bot strength", strength.main),
}


def main(argv: list[str]) -> int:
    return run_sections(argv, SECTIONS, "Once Upon a Forest")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
