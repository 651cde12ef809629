"""`python -m jobs --data ./data --out ./reports`: every job, one report (see jobs/run_all.py)."""

import sys

from jobs.run_all import ALL
from jobs.runner import main

sys.exit(main(ALL, page="index.html"))
