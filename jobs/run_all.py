"""All the jobs in one session (the offsets log decoded once), one report: `make jobs`.

spark-submit jobs/run_all.py --data ./data --out ./reports      (or: python -m jobs ...)
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file, e.g. by spark-submit
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jobs import commit_rate, consumer_lag, latest_offsets, rebalance_history
from jobs.runner import main

ALL = (latest_offsets, consumer_lag, commit_rate, rebalance_history)

if __name__ == "__main__":
    sys.exit(main(ALL, page="index.html"))
