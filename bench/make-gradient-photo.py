#!/usr/bin/env python3
"""Draws bench/gradient-photo.png, the image of bench/gradient-photo-banner.json, with numpy and zlib only.

Run from this folder: `python3 make-gradient-photo.py`. A smooth, photo-like picture: an evening sky
that shades from blue to orange, the glow of a low sun, and two soft ranges of hills, every edge
blurred as a lens would. It has no grain, so what a PNG encoder gains on it comes from predicting
each pixel from its neighbours (row filters), not from repeated bytes.
"""
import struct, zlib
import numpy as np

def png(path, rgba):
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(h))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(data)

def smoothstep(edge, softness, value):
    t = np.clip((value - edge) / softness + 0.5, 0, 1)
    return t * t * (3 - 2 * t)

def gradient_photo(w=480, h=480):
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    u, v = (xs + 0.5) / w, (ys + 0.5) / h
    sky_top, sky_low = np.array([52, 86, 160]), np.array([250, 168, 96])
    t = (v / 0.62) ** 1.4
    img = sky_top * (1 - t)[..., None] + sky_low * np.clip(t, 0, 1)[..., None]
    # the sun's glow, brightest just above the far hills
    glow = np.exp(-(((u - 0.63) / 0.22) ** 2 + ((v - 0.52) / 0.16) ** 2))
    img = img + np.array([90, 60, 20]) * glow[..., None]
    # far and near hills: soft-edged, shaded from top to bottom
    far = 0.58 + 0.05 * np.sin(u * 5.1 + 0.7) + 0.03 * np.sin(u * 11.3)
    near = 0.72 + 0.07 * np.sin(u * 3.3 + 2.1) + 0.02 * np.cos(u * 9.7)
    far_color = np.array([118, 92, 120]) * (1 - 0.3 * v)[..., None]
    near_color = np.array([54, 70, 62]) * (1.15 - 0.4 * v)[..., None]
    a = smoothstep(far, 0.012, v)[..., None]
    img = img * (1 - a) + far_color * a
    a = smoothstep(near, 0.016, v)[..., None]
    img = img * (1 - a) + near_color * a
    return img

rgb = np.clip(np.rint(gradient_photo()), 0, 255).astype(np.uint8)
png("gradient-photo.png", np.concatenate([rgb, np.full(rgb.shape[:2] + (1,), 255, np.uint8)], axis=2))
