#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
"""Makes Pillow's outputs of the operations NukeProcessors' editing processors match, on the
inputs the tests build (the golden tests' 48x32 gradient, opaque or with alpha, a watermark and
a bordered picture), written as PAM files. Run from this folder: python3 make-references.py
(Pillow 13).
"""
from PIL import Image, ImageChops, ImageFilter


def gradient(opaque):
    image = Image.new("RGBA", (48, 32))
    for y in range(32):
        for x in range(48):
            alpha = 255 if opaque else 255 - (x + y) * 2
            image.putpixel((x, y), (x * 5, y * 7, (x * y) % 256, alpha))
    return image


def watermark():
    image = Image.new("RGBA", (16, 12))
    for y in range(12):
        for x in range(16):
            image.putpixel((x, y), (255 - x * 10, 40 + y * 15, 200, 255 if (x + y) % 3 else 96))
    return image


def bordered():
    image = Image.new("RGBA", (48, 32), (250, 250, 250, 255))
    for y in range(7, 25):
        for x in range(5, 41):
            image.putpixel((x, y), (x * 5, y * 7, 90, 255))
    return image


def save(image, name):
    depth, tuple_type = {"RGBA": (4, "RGB_ALPHA"), "RGB": (3, "RGB"), "L": (1, "GRAYSCALE")}[image.mode]
    header = f"P7\nWIDTH {image.width}\nHEIGHT {image.height}\nDEPTH {depth}\nMAXVAL 255\nTUPLTYPE {tuple_type}\nENDHDR\n"
    with open(name + ".pam", "wb") as file:
        file.write(header.encode() + image.tobytes())


alpha, opaque = gradient(False), gradient(True)
save(alpha.transpose(Image.Transpose.ROTATE_270), "rotate-90")  # Pillow turns anticlockwise.
save(alpha.transpose(Image.Transpose.ROTATE_180), "rotate-180")
save(alpha.transpose(Image.Transpose.ROTATE_90), "rotate-270")
save(alpha.transpose(Image.Transpose.FLIP_LEFT_RIGHT), "flip-horizontal")
save(alpha.transpose(Image.Transpose.FLIP_TOP_BOTTOM), "flip-vertical")
save(Image.alpha_composite(Image.new("RGBA", alpha.size, (255, 136, 0, 255)), alpha), "background-ff8800")
save(opaque.resize((6, 4), Image.Resampling.BOX).resize((48, 32), Image.Resampling.NEAREST), "pixelate-8")
save(opaque.convert("RGB").filter(ImageFilter.UnsharpMask(radius=2, percent=150, threshold=3)), "sharpen")
# Boxes wider than the image (59 pixels each side): every sample of a line clamps to an edge.
save(opaque.convert("RGB").filter(ImageFilter.UnsharpMask(radius=60, percent=80, threshold=1)), "sharpen-60")
mark = watermark()
mark.putalpha(mark.getchannel("A").point(lambda a: round(a * 0.5)))
composited = opaque.copy()
composited.alpha_composite(mark, dest=(48 - 16 - 4, 32 - 12 - 4))
save(composited, "overlay-bottom-right")
trimmed = bordered()
border = Image.new("RGB", trimmed.size, trimmed.getpixel((0, 0))[:3])
box = ImageChops.difference(trimmed.convert("RGB"), border).getbbox()
save(trimmed.crop(box), "trim")
