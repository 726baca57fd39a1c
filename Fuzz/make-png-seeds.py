#!/usr/bin/env python3
# Writes Fuzz/Corpus/png/: one small PNG per colour type and bit depth PNG allows, plain and
# Adam7-interlaced, with tRNS where it applies, plus a private chunk. Deterministic output.
import os, struct, zlib

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "Corpus", "png")
os.makedirs(out, exist_ok=True)

def chunk(name, data):
    c = struct.pack(">I", len(data)) + name + data
    return c + struct.pack(">I", zlib.crc32(name + data) & 0xffffffff)

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
W, H = 5, 3

def sample(x, y, c, depth):
    top = (1 << depth) - 1
    return (x * 7 + y * 13 + c * 5) % (top + 1)

def rows(ct, depth, coords):
    """Scanlines for the given pixel rows (lists of x), packed at the bit depth, filter byte cycling."""
    data = b""
    for n, (y, xs) in enumerate(coords):
        bits = []
        for x in xs:
            for c in range(CHANNELS[ct]):
                bits.append(sample(x, y, c, depth))
        if depth >= 8:
            raw = b"".join(v.to_bytes(depth // 8, "big") for v in bits)
        else:
            acc, nbits, raw = 0, 0, bytearray()
            for v in bits:
                acc = (acc << depth) | v; nbits += depth
                if nbits == 8:
                    raw.append(acc); acc, nbits = 0, 0
            if nbits:
                raw.append(acc << (8 - nbits))
            raw = bytes(raw)
        data += b"\x00" + raw  # filter type 0; libpng's own filters are exercised by the fuzzer
    return data

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

def png(ct, depth, interlace):
    ihdr = struct.pack(">IIBBBBB", W, H, depth, ct, 0, 0, interlace)
    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            xs = list(range(x0, W, dx)); ys = list(range(y0, H, dy))
            if xs and ys:
                raw += rows(ct, depth, [(y, xs) for y in ys])
    else:
        raw = rows(ct, depth, [(y, list(range(W))) for y in range(H)])
    body = chunk(b"IHDR", ihdr)
    if ct == 3:
        body += chunk(b"PLTE", bytes(v for i in range(1 << depth) for v in (i * 40 % 256, i * 90 % 256, i * 150 % 256)))
        body += chunk(b"tRNS", bytes([0, 128]))
    elif ct == 0:
        body += chunk(b"tRNS", struct.pack(">H", 1))
    elif ct == 2:
        body += chunk(b"tRNS", struct.pack(">HHH", 1, 2, 3))
    body += chunk(b"grNa", b"seed")  # a private ancillary chunk, returned by the decoder
    body += chunk(b"IDAT", zlib.compress(raw, 9))
    return b"\x89PNG\r\n\x1a\n" + body + chunk(b"IEND", b"")

DEPTHS = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
for ct, depths in DEPTHS.items():
    for depth in depths:
        for interlace in (0, 1):
            name = f"type{ct}-{depth}bit{'-adam7' if interlace else ''}.png"
            with open(os.path.join(out, name), "wb") as f:
                f.write(png(ct, depth, interlace))
