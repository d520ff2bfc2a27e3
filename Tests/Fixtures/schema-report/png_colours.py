#!/usr/bin/env python3
"""Counts a PNG's pixels near each of some colours, with the standard library alone.

The schema report's browser test (Tests/BridleGenerationTests/SchemaReportBrowserTests.swift)
screenshots the page in headless chromium and checks that the histogram bars and the pressure
colours were really painted. Reads 8-bit PNGs of colour type 2 (RGB) and 6 (RGBA, alpha
ignored), not interlaced: what chromium writes.

    png_colours.py [--tolerance N] FILE.png RRGGBB...

Prints one JSON object: {"width": W, "height": H, "counts": {"rrggbb": pixels, ...}}, a pixel
counting for a colour when each channel is within N (default 6) of it. Exits 2 on a PNG it
cannot read.
"""
import json
import struct
import sys
import zlib
from collections import Counter

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def fail(message):
    print(f"png_colours.py: {message}", file=sys.stderr)
    sys.exit(2)


def read_png(path):
    """Returns (width, height, channels, rows of unfiltered bytes)."""
    with open(path, "rb") as file:
        data = file.read()
    if not data.startswith(SIGNATURE):
        fail(f"{path} is not a PNG")
    offset = len(SIGNATURE)
    header = None
    compressed = []
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        fail("no IHDR chunk")
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        fail(f"unsupported PNG: depth {depth}, colour type {colour_type}, interlace {interlace}")
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(b"".join(compressed))
    stride = width * channels
    if len(raw) != height * (stride + 1):
        fail("image data has the wrong size")
    return width, height, channels, unfilter(raw, height, stride, channels)


def unfilter(raw, height, stride, channels):
    """Undoes each row's filter (PNG specification, section 9)."""
    rows = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        row = bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:  # Sub
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 0xFF
        elif kind == 2:  # Up
            row = bytearray((a + b) & 0xFF for a, b in zip(row, previous))
        elif kind == 3:  # Average
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:  # Paeth
            for i in range(stride):
                a = row[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                row[i] = (row[i] + predictor) & 0xFF
        elif kind != 0:
            fail(f"unknown filter type {kind} in row {y}")
        rows.append(row)
        previous = row
    return rows


def main(arguments):
    tolerance = 6
    if len(arguments) >= 2 and arguments[0] == "--tolerance":
        tolerance = int(arguments[1])
        arguments = arguments[2:]
    if len(arguments) < 2:
        fail("usage: png_colours.py [--tolerance N] FILE.png RRGGBB...")
    path, wanted = arguments[0], [colour.lower().lstrip("#") for colour in arguments[1:]]
    targets = {}
    for colour in wanted:
        if len(colour) != 6:
            fail(f"{colour} is not a RRGGBB colour")
        targets[colour] = tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4))
    width, height, channels, rows = read_png(path)
    pixels = Counter()
    for row in rows:
        pixels.update(zip(row[0::channels], row[1::channels], row[2::channels]))
    counts = {}
    for colour, target in targets.items():
        counts[colour] = sum(
            number for pixel, number in pixels.items()
            if all(abs(channel - goal) <= tolerance for channel, goal in zip(pixel, target)))
    print(json.dumps({"width": width, "height": height, "counts": counts}, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1:])
