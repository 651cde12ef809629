"""Run one fuzz target under atheris: `python -m tests.fuzz TARGET [CORPUS_DIR] [-flag=value ...]`.

The corpus directory (made and seeded with the target's seeds if empty) grows with the inputs
that reach new coverage; libFuzzer's flags pass through (-max_total_time=N, -timeout=S for a
hang, -rss_limit_mb=M for memory growth, -print_final_stats=1). A crash leaves its input in
the current directory (crash-<sha1>) and exits non-zero.
"""

from __future__ import annotations

import gc
import sys
import types
from pathlib import Path

import atheris


def main() -> None:
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit("usage: python -m tests.fuzz TARGET [CORPUS_DIR] [libFuzzer flags]")
    name = args.pop(0)
    from broker import logging_setup

    logging_setup.configure(level="error")  # the loader's recovery lines, once per input: not wanted
    # What the targets reach is instrumented for coverage: the project's decoders, loaders, SASL.
    with atheris.instrument_imports(include=["protocol", "broker", "tests.fuzz.targets"]):
        from tests.fuzz.targets import SELFCHECK, TARGETS

        one, seeds = SELFCHECK if name == "selfcheck" else TARGETS[name]
        one(b"")  # import everything the target reaches, under instrumentation
        for seed in seeds():
            one(seed)
    # The request codecs are generated at run time (protocol/compiled.py), out of reach of the
    # import hook: instrument them where they are (every one the seeds made).
    for fn in gc.get_objects():
        if isinstance(fn, types.FunctionType) and fn.__code__.co_filename.startswith("<codec "):
            atheris.instrument_func(fn)
    if args and not args[0].startswith("-"):
        corpus = Path(args[0])
        corpus.mkdir(parents=True, exist_ok=True)
        if not any(corpus.iterdir()):
            for i, seed in enumerate(seeds()):
                (corpus / f"seed-{i:04d}").write_bytes(seed)
    atheris.Setup([sys.argv[0], *args], one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
