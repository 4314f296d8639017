"""The engine's mutation score, from mutmut's results and the list of equivalent mutants.

    score = killed ÷ (all − equivalent)

"killed" counts mutants the engine tests caught, by a failing test or by a timeout (a mutant that
never ends is caught too: mutmut's own badge counts it so). "all" is every mutant mutmut made and
ran, survivors and mutants no test reached included; mutants mutmut skipped are not counted.
Equivalent mutants, which no test can kill because they do not change what the engine does, are
listed in ``tests/mutants-equivalent.txt``, one a line, each with its reason:

    halfmoon.deal.xǁDealCodeǁparse__mutmut_3: reason …

Run after ``mutmut run`` (``make mutate`` does both). ``--fail-under N`` exits 1 below N %.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tests" / "mutants-equivalent.txt"
KILLED = {"killed", "timeout"}
NOT_COUNTED = {"skipped"}


def results() -> dict[str, str]:
    """Every mutant and its status, from ``mutmut results --all true``."""
    done = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    statuses: dict[str, str] = {}
    for line in done.stdout.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name.startswith("halfmoon."):
            statuses[name] = status
    return statuses


def equivalents(path: Path = EQUIVALENTS) -> dict[str, str]:
    """The equivalent mutants and why each is equivalent."""
    listed: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, reason = line.partition(": ")
        if not sep or not reason.strip():
            raise SystemExit(f"{path.name}:{number}: an equivalent mutant needs a reason: {line!r}")
        listed[name.strip()] = reason.strip()
    return listed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--fail-under", type=float, default=None, help="exit 1 when the score is below this")
    parser.add_argument(
        "--survivors", action="store_true", help="list the mutants that are neither killed nor equivalent"
    )
    args = parser.parse_args(argv)

    statuses = {name: status for name, status in results().items() if status not in NOT_COUNTED}
    if not statuses:
        print("no mutation results: run `mutmut run` first", file=sys.stderr)
        return 1
    listed = equivalents()
    unknown = sorted(set(listed) - set(statuses))
    for name in unknown:
        print(f"warning: {name} is listed as equivalent but is not a mutant of this run", file=sys.stderr)
    killed_yet_listed = sorted(name for name in listed if statuses.get(name) == "killed")
    for name in killed_yet_listed:
        print(f"warning: {name} is listed as equivalent but a test kills it", file=sys.stderr)
    # An equivalent mutant leaves the count whatever mutmut said of it: a "timeout" of a mutant that
    # changes nothing is the machine's load, not a kill.
    equivalent = {name for name in listed if name in statuses}
    considered = len(statuses) - len(equivalent)
    killed = sum(status in KILLED for name, status in statuses.items() if name not in equivalent)
    score = 100.0 * killed / considered if considered else 0.0
    survivors = sorted(name for name, status in statuses.items() if status not in KILLED and name not in equivalent)
    if args.survivors:
        for name in survivors:
            print(f"  {statuses[name]}: {name}")
    print(f"mutants: {len(statuses)}, killed: {killed}, equivalent: {len(equivalent)}, not killed: {len(survivors)}")
    print(f"mutation score: {killed}/{considered} = {score:.1f} %")
    if args.fail_under is not None and score < args.fail_under:
        print(f"below {args.fail_under:g} %", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
