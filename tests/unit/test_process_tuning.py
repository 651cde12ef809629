"""What `python -m broker` sets on its own process before serving (broker/__main__.py): the
descriptor limit raised to the hard one, glibc's malloc thresholds, the collector's thresholds.
Each in a child process, so that this one keeps its own settings."""

from __future__ import annotations

import subprocess
import sys

_CHILD = """
import gc, resource
from broker.__main__ import GC_THRESHOLDS, raise_fd_limit, tune_gc, tune_malloc
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
print(raise_fd_limit() == (hard, hard) == resource.getrlimit(resource.RLIMIT_NOFILE))
print(tune_malloc())
tune_gc()
print(gc.get_threshold() == GC_THRESHOLDS and gc.get_freeze_count() > 0)
"""


def test_the_broker_process_raises_its_limits_and_tunes_its_allocators():
    out = subprocess.run(
        [sys.executable, "-c", _CHILD], capture_output=True, text=True, check=True, timeout=60
    )
    fd_limit, malloc, gc_tuned = out.stdout.split()
    assert fd_limit == "True"
    assert malloc == "True"  # glibc (Debian, as CI): mallopt takes both settings
    assert gc_tuned == "True"
