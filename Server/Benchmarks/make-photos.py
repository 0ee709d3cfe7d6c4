# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
"""Writes COUNT photo-like JPEGs of about 2000x1350 into a folder: smooth colour fields with
shapes, texture and sensor-like noise, so that they compress (and decode) like photographs.

    python3 make-photos.py FOLDER [COUNT]
"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter

folder = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
os.makedirs(folder, exist_ok=True)
for index in range(count):
    rng = random.Random(index)
    width, height = 2000 + rng.randrange(-40, 41, 8), 1350 + rng.randrange(-24, 25, 8)
    field = Image.new("RGB", (12, 8))
    field.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(12 * 8)])
    image = field.resize((width, height), Image.BICUBIC)
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(20, 300)
        colour = tuple(rng.randrange(256) for _ in range(3))
        draw.ellipse((x - r, y - r // 2, x + r, y + r // 2), fill=colour)
    image = image.filter(ImageFilter.GaussianBlur(3))
    noise = Image.effect_noise((width, height), 24).convert("RGB")
    image = Image.blend(image, noise, 0.12)
    image.save(os.path.join(folder, "photo-%03d.jpg" % index), quality=90)
