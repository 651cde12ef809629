"""Top functions of a py-spy raw profile (`py-spy record --format raw`): self and total samples.

python bench/pyspy_top.py profile.txt [N]
"""

from __future__ import annotations

import sys
from collections import Counter


def main() -> None:
    path = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    samples = 0
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not stack:
                continue
            k = int(count)
            samples += k
            frames = stack.split(";")
            own[frames[-1]] += k
            for frame in set(frames):
                total[frame] += k
    print(f"{samples} samples (non-idle)")
    print("self%  function")
    for frame, k in own.most_common(n):
        print(f"{100 * k / samples:5.1f}  {frame}")
    print("total%  function")
    for frame, k in total.most_common(n):
        print(f"{100 * k / samples:5.1f}  {frame}")


if __name__ == "__main__":
    main()
