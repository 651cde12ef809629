"""cProfile of our client's consume loop or produce loop, next to aiokafka's wall-clock figure.

    .venv/bin/python bench/profile_client.py [getmany|async-for|send|produce] [records]

One kbroker process; the topic is filled by our producer, then the chosen loop of
bench/bench_client.py runs once under cProfile (ours) and once without (aiokafka's figure, and,
for the consume loops, ours again unprofiled). Prints the top functions by own time: the
profiles in bench/profiles/client_*.txt were made with it.
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import pstats
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_client as bc  # bench/ is the script's own directory
from kbroker_process import start_kbroker

from client import AsyncAdmin, NewTopic


async def main(what: str, n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, bootstrap = start_kbroker(Path(tmp) / "data")
        try:
            async with AsyncAdmin(bootstrap) as admin:
                await admin.create_topics([NewTopic("bench", 4, 1), NewTopic("produced", 4, 1)])
            await bc.produce_ours(bootstrap, "bench", n)
            profile = cProfile.Profile()
            if what in ("send", "produce"):
                ours, theirs = (
                    (bc.send_loop_ours, bc.send_loop_aiokafka)
                    if what == "send"
                    else (bc.produce_ours, bc.produce_aiokafka)
                )
                profile.enable()
                t = await ours(bootstrap, "produced", n)
                profile.disable()
                ta = await theirs(bootstrap, "produced", n)
            else:
                per_record = what == "async-for"
                ta = await bc.consume_aiokafka(bootstrap, "bench", n, per_record)
                profile.enable()
                t = await bc.consume_ours(bootstrap, "bench", n, per_record)
                profile.disable()
                plain = await bc.consume_ours(bootstrap, "bench", n, per_record)
                print(f"ours unprofiled {n / plain:,.0f} msg/s")
            print(f"ours under cProfile {n / t:,.0f} msg/s, aiokafka {n / ta:,.0f} msg/s")
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(18)
            print(out.getvalue())
        finally:
            proc.terminate()
            proc.wait(20)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "getmany"
    asyncio.run(main(what, int(sys.argv[2]) if len(sys.argv) > 2 else 200_000))
