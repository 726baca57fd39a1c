#!/usr/bin/env python3
"""Pillow's default PNG save of a PNG's pixels: bytes, and milliseconds per save.

`python pillow-encode.py IMAGE.png [N]`: decodes IMAGE.png, saves its RGBA pixels N times (default 20,
after one untimed save) with Pillow's defaults (zlib level 6, a filter per row chosen adaptively) into
memory, and prints the saved size in bytes and the median of five rounds' mean milliseconds per save,
as `grona-bench --encoders --pillow PYTHON` reads them.
"""
import io, sys, time
from PIL import Image

image = Image.open(sys.argv[1]).convert("RGBA")
image.load()
count = int(sys.argv[2]) if len(sys.argv) > 2 else 20

def save():
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()

size = len(save())
per_round = max(1, count // 5)
means = []
for _ in range(5):
    start = time.perf_counter()
    for _ in range(per_round):
        save()
    means.append((time.perf_counter() - start) * 1000 / per_round)
print(size, sorted(means)[2])
