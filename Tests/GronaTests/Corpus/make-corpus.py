#!/usr/bin/env python3
# Writes the bad-input corpus (specs, broken images and fonts) that BadInputTests drives through
# `grona-snap render`. The expected outcome of each file is in BadInputTests.swift. Inputs too big
# to commit (a megabyte of text, a 5 MiB file) and symbolic links are made by the test itself.
# Deterministic: running it again rewrites the same bytes.
import os, struct, zlib

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))

def write(name, data):
    path = os.path.join(here, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))

def chunk(name, data):
    return struct.pack(">I", len(data)) + name + data + struct.pack(">I", zlib.crc32(name + data) & 0xffffffff)

def png(width, height, raw, depth=8, color_type=6):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

def banner(extra="", title='"Fresh croissants"'):
    return '{"component": {"type": "banner", "title": %s%s}}\n' % (title, extra)

# --- JSON syntax -------------------------------------------------------------------------------
write("syntax-empty.json", b"")
write("syntax-trailing-comma.json", '{"component": {"type": "banner", "title": "Hi",}}\n')
write("syntax-truncated.json", '{"component": {"type": "banner", "title": "Fresh cro')
write("syntax-nan.json", '{"component": {"type": "progressBar", "title": "Points", "value": NaN,\n'
      '  "tiers": [{"at": 100, "label": "Gold"}]}}\n')
write("syntax-lone-surrogate.json", banner(title='"Caf\\uD800"'))
write("syntax-invalid-utf8.json", b'{"component": {"type": "banner", "title": "Caf\xc3"}}\n')
write("syntax-duplicate-key.json", '{"component": {"type": "banner", "title": "A", "title": "B"}}\n')
write("syntax-deep-nesting.json", '{"component": ' + "[" * 200 + "]" * 200 + "}\n")
write("syntax-number-overflow.json", '{"environment": {"width": 1e999}, "component": {"type": "banner", "title": "Hi"}}\n')

# --- types and keys ------------------------------------------------------------------------------
write("type-top-level-array.json", '[{"component": {"type": "banner", "title": "Hi"}}]\n')
write("type-title-number.json", banner(title="42"))
write("type-width-string.json", '{"environment": {"width": "wide"}, "component": {"type": "banner", "title": "Hi"}}\n')
write("type-tiers-object.json", '{"component": {"type": "progressBar", "title": "Points", "value": 10, "tiers": {"at": 5}}}\n')
write("key-typo.json", '{"component": {"type": "banner", "titel": "Hi"}}\n')
write("key-unknown-section.json", '{"component": {"type": "banner", "title": "Hi"}, "colours": {}}\n')
write("key-missing-title.json", '{"component": {"type": "banner", "body": "Hi"}}\n')
write("locale-underscore.json", '{"environment": {"locale": "pt_BR"}, "component": {"type": "banner", "title": "Hi"}}\n')
write("locale-unknown-field.json", '{"component": {"type": "banner", "title": "Hi"}, '
      '"localizations": {"de": {"title": "Hallo", "image": "images/de.png"}}}\n')
write("locale-tier-out-of-range.json", '{"component": {"type": "progressBar", "title": "Points", "value": 10, '
      '"tiers": [{"at": 5, "label": "Coffee"}, {"at": 20, "label": "Cake"}]}, '
      '"localizations": {"de": {"tiers": ["Kaffee", "Kuchen", "Torte"]}}}\n')
write("value-unknown-type.json", '{"component": {"type": "carousel", "title": "Hi"}}\n')
write("value-bad-colour.json", '{"theme": {"primary": "#12345"}, "component": {"type": "banner", "title": "Hi"}}\n')

# --- numbers and sizes ---------------------------------------------------------------------------
write("number-width-huge.json", '{"environment": {"width": 1000000000}, "component": {"type": "banner", "title": "Hi"}}\n')
write("number-width-negative.json", '{"environment": {"width": -320}, "component": {"type": "banner", "title": "Hi"}}\n')
write("number-scale-fraction.json", '{"environment": {"scale": 2.5}, "component": {"type": "banner", "title": "Hi"}}\n')
write("number-tier-descending.json", '{"component": {"type": "progressBar", "title": "Points", "value": 10,\n'
      '  "tiers": [{"at": 50, "label": "Silver"}, {"at": 20, "label": "Gold"}]}}\n')
write("number-tiers-too-many.json", '{"component": {"type": "progressBar", "title": "Points", "value": 10, "tiers": ['
      + ", ".join('{"at": %d, "label": "T%d"}' % (i + 1, i + 1) for i in range(101)) + "]}}\n")
write("number-variants-too-many.json", '{"component": {"type": "banner", "title": "Hi"}, "variants": {"width": ['
      + ", ".join(str(44 + i) for i in range(1025)) + "]}}\n")
# Tolerated: huge but finite values the model clamps.
write("number-radius-huge.json", '{"theme": {"cornerRadius": 1e308}, "component": {"type": "banner", "title": "Hi"}}\n')
write("number-value-huge.json", '{"component": {"type": "progressBar", "title": "Points", "value": 1e308,\n'
      '  "tiers": [{"at": 100, "label": "Gold"}]}}\n')
write("size-long-copy-narrow-ax5.json", '{"environment": {"width": 44, "scale": 3, "textSize": "AX5"},\n'
      ' "component": {"type": "banner", "title": "' + "word " * 1999 + 'end"}}\n')

# --- text ----------------------------------------------------------------------------------------
write("text-nul.json", banner(title='"Fresh\\u0000croissants"'))
write("text-combining-marks.json", banner(title='"Za' + "\u0301\u0316\u0334" * 1500 + 'lgo"'))
write("text-bidi-controls.json", banner(title='"\u202Eevil\u202C \u2067unclosed \u200F\u061C\u2066x\u2069 \u202B\u202A\u202D"',
                                        extra=', "body": "\u2069\u202C pops with nothing to pop \u200E"'))

# --- fonts ---------------------------------------------------------------------------------------
write("fonts/not-a-font.otf", "This is a text file, not a font.\n")
with open(os.path.join(root, "Fonts", "Inter-Regular.otf"), "rb") as f:
    write("fonts/truncated.otf", f.read()[:2048])
write("font-text-file.json", '{"theme": {"regularFont": "fonts/not-a-font.otf"}, "component": {"type": "banner", "title": "Hi"}}\n')
write("font-truncated.json", '{"theme": {"boldFont": "fonts/truncated.otf"}, "component": {"type": "banner", "title": "Hi"}}\n')
write("font-missing.json", '{"theme": {"regularFont": "fonts/Missing.otf"}, "component": {"type": "banner", "title": "Hi"}}\n')
write("font-nul-in-path.json", '{"theme": {"regularFont": "Inter\\u0000.otf"}, "component": {"type": "banner", "title": "Hi"}}\n')
# The regular face is inside the root, but the bold face found beside it is a symbolic link out of
# it (fonts-linked/ is made by the test: Inter-Regular.otf, and Inter-Bold.otf linking outside).
write("font-bold-symlink-outside.json", '{"theme": {"regularFont": "fonts-linked/Inter-Regular.otf"}, "component": {"type": "banner", "title": "Hi"}}\n')
# Tolerated: a bare file name found in the fonts folder, which stays allowed under --assets-root.
write("font-bare-name.json", '{"theme": {"regularFont": "Inter-SemiBold.otf"}, "component": {"type": "banner", "title": "Hi"}}\n')

# --- images --------------------------------------------------------------------------------------
small = png(4, 4, b"".join(b"\x00" + bytes([200, 120, 40, 255]) * 4 for _ in range(4)))
write("images/small.png", small)
write("images/truncated.png", small[:len(small) // 2])
corrupt = bytearray(small); corrupt[-20] ^= 0xFF  # inside the IDAT data: zlib check fails
write("images/corrupt-data.png", bytes(corrupt))
write("images/text.png", "Not a PNG at all.\n")
# 20000 × 20000 declared, 200 bytes on disk: refused from the header, before any inflate.
write("images/huge-header.png", png(20000, 20000, b"\x00" * 64))
# A decompression bomb within the cap: 4096 × 4096 RGBA of zeros, 64 MiB inflated from ~65 KB.
write("images/bomb-4096.png", png(4096, 4096, b"\x00" * ((4096 * 4 + 1) * 4096)))
def image_spec(path):
    return '{"component": {"type": "banner", "title": "Hi", "image": "%s"}}\n' % path
write("image-truncated.json", image_spec("images/truncated.png"))
write("image-corrupt-data.json", image_spec("images/corrupt-data.png"))
write("image-not-png.json", image_spec("images/text.png"))
write("image-huge-header.json", image_spec("images/huge-header.png"))
write("image-bomb-4096.json", image_spec("images/bomb-4096.png"))
write("image-missing.json", image_spec("images/missing.png"))
# images/huge-file.png and fonts/huge-file.otf are 200 MiB sparse files the test makes.
write("image-huge-file.json", image_spec("images/huge-file.png"))
write("font-huge-file.json", '{"theme": {"regularFont": "fonts/huge-file.otf"}, "component": {"type": "banner", "title": "Hi"}}\n')

# --- paths (run with --assets-root set to the corpus folder) --------------------------------------
write("path-dotdot-outside.json", image_spec("../outside/secret.png"))
write("path-absolute.json", '{"theme": {"regularFont": "/etc/passwd"}, "component": {"type": "banner", "title": "Hi"}}\n')
write("path-symlink-outside.json", image_spec("images/link-outside.png"))
write("path-font-climb.json", '{"theme": {"boldFont": "../outside/secret.png"}, "component": {"type": "banner", "title": "Hi"}}\n')
# Tolerated: `..` that stays inside the root.
write("path-dotdot-inside.json", image_spec("fonts/../images/small.png"))
