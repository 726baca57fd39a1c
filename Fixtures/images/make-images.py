#!/usr/bin/env python3
"""Draws the fixture images (illustrations used by banner and offer specs) with numpy and zlib only.

Run from this folder: `python3 make-images.py`. Shapes are supersampled 4× and averaged, so edges are
anti-aliased like a photo or an exported illustration would be.

It also draws ../../bench/gradient-photo.png, the image of bench/gradient-photo-banner.json: a smooth,
photo-like picture (an evening sky that shades from blue to orange, the glow of a low sun, two soft
ranges of hills, every edge blurred as a lens would) without grain, so what a PNG encoder gains on it
comes from predicting each pixel from its neighbours (row filters), not from repeated bytes.
"""
import struct, zlib
import numpy as np

SS = 4

def png(path, rgba):
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(h))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(data)

def canvas(w, h):
    ys, xs = np.mgrid[0:h * SS, 0:w * SS].astype(np.float64)
    return (xs + 0.5) / SS, (ys + 0.5) / SS

def down(img):
    h, w, c = img.shape
    return img.reshape(h // SS, SS, w // SS, SS, c).mean(axis=(1, 3))

def paint(img, mask, color):
    a = mask[..., None].astype(np.float64) * (color[3] / 255 if len(color) > 3 else 1)
    img[...] = img * (1 - a) + np.array(color[:3], dtype=np.float64) * a

def croissant(w=480, h=320):
    x, y = canvas(w, h)
    t = y / h
    img = np.zeros(x.shape + (3,))
    img[...] = (np.array([255, 226, 178]) * (1 - t)[..., None] + np.array([240, 176, 110]) * t[..., None])
    # a plate
    paint(img, ((x - w * .5) / (w * .42)) ** 2 + ((y - h * .68) / (h * .2)) ** 2 < 1, (250, 246, 238))
    # the croissant: a crescent made of two discs, banded like rolled dough
    cx, cy, r = w * .5, h * .56, h * .36
    body = ((x - cx) ** 2 + (y - cy) ** 2 < r ** 2) & ((x - cx) ** 2 + (y - cy - r * .72) ** 2 > (r * .78) ** 2)
    angle = np.arctan2(y - cy, x - cx)
    band = (np.sin(angle * 9) > 0.55)
    paint(img, body, (196, 120, 45))
    paint(img, body & band, (150, 82, 28))
    highlight = body & ((x - cx + r * .2) ** 2 + (y - cy + r * .35) ** 2 < (r * .35) ** 2)
    paint(img, highlight, (236, 170, 90, 150))
    return down(img)

def coffee(w=480, h=320):
    x, y = canvas(w, h)
    img = np.zeros(x.shape + (3,))
    img[...] = np.array([38, 70, 83]) * (1 - x / w)[..., None] + np.array([20, 40, 50]) * (x / w)[..., None]
    cx, cy = w * .45, h * .55
    paint(img, ((x - cx) / (w * .3)) ** 2 + ((y - h * .82) / (h * .08)) ** 2 < 1, (235, 235, 230))
    cup = (np.abs(x - cx) < w * .17 - (y - h * .35) * .12) & (y > h * .35) & (y < h * .8)
    paint(img, cup, (250, 250, 248))
    handle = ((x - cx - w * .19) ** 2 + (y - h * .52) ** 2 < (h * .09) ** 2) & ((x - cx - w * .19) ** 2 + (y - h * .52) ** 2 > (h * .055) ** 2)
    paint(img, handle & (x > cx + w * .14), (250, 250, 248))
    paint(img, ((x - cx) / (w * .165)) ** 2 + ((y - h * .36) / (h * .035)) ** 2 < 1, (120, 72, 40))
    for k in range(3):
        steam = np.abs(x - (cx - w * .06 + k * w * .06) - np.sin(y / 9 + k) * 6) < 3.5
        paint(img, steam & (y > h * .08) & (y < h * .28), (255, 255, 255, 110))
    return down(img)

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

for name, img in (("croissant.png", croissant()), ("coffee.png", coffee()),
                  ("../../bench/gradient-photo.png", gradient_photo())):
    rgb = np.clip(np.rint(img), 0, 255).astype(np.uint8)
    rgba = np.concatenate([rgb, np.full(rgb.shape[:2] + (1,), 255, np.uint8)], axis=2)
    png(name, rgba)
