#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeLCMS test fixtures: colour profiles built with Little CMS, images that carry them,
# and Pillow's ImageCms conversions of those images to sRGB (perceptual intent) as references.
# Run from this folder. Needs: a C compiler and liblcms2-dev, imagemagick (convert), python3 with
# Pillow (ImageCms), libavif-bin (avifenc, avifdec).
set -euo pipefail
cd "$(dirname "$0")"

# The profiles, from their published primaries, white points and curves.
cat > make-profiles.c <<'C'
#include <lcms2.h>
static void rgb(const char* path, cmsCIExyY white, cmsCIExyYTRIPLE primaries, cmsToneCurve* curve, const char* name) {
    cmsToneCurve* curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsMLU* description = cmsMLUalloc(NULL, 1);
    cmsMLUsetASCII(description, "en", "US", name);
    cmsWriteTag(profile, cmsSigProfileDescriptionTag, description);
    cmsSaveProfileToFile(profile, path);
}
int main(void) {
    cmsCIExyY d65 = {0.3127, 0.3290, 1}, d50 = {0.3457, 0.3585, 1};
    double srgb[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
    cmsToneCurve* srgbCurve = cmsBuildParametricToneCurve(NULL, 4, srgb);
    rgb("display-p3.icc", d65, (cmsCIExyYTRIPLE){{0.680, 0.320, 1}, {0.265, 0.690, 1}, {0.150, 0.060, 1}}, srgbCurve, "Display P3");
    rgb("adobe-rgb.icc", d65, (cmsCIExyYTRIPLE){{0.64, 0.33, 1}, {0.21, 0.71, 1}, {0.15, 0.06, 1}}, cmsBuildGamma(NULL, 563.0 / 256), "Adobe RGB (1998)");
    rgb("prophoto.icc", d50, (cmsCIExyYTRIPLE){{0.7347, 0.2653, 1}, {0.1596, 0.8404, 1}, {0.0366, 0.0001, 1}}, cmsBuildGamma(NULL, 1.8), "ProPhoto RGB");
    cmsSaveProfileToFile(cmsCreateGrayProfile(&d50, cmsBuildGamma(NULL, 2.2)), "gray-22.icc");
    cmsSaveProfileToFile(cmsCreate_sRGBProfile(), "srgb.icc");
    return 0;
}
C
cc make-profiles.c -llcms2 -o make-profiles
./make-profiles
rm -f make-profiles make-profiles.c

# A print-like CMYK profile (LUT-based, as real ones are): CMYK → Lab through ink complements
# times black's with a dot gain of gamma 1.2, and back with full grey-component replacement.
cat > make-cmyk-profile.c <<'C'
#include <lcms2.h>
#include <math.h>
static cmsHTRANSFORM srgbToLab, labToSrgb;
static double gain(double ink) { return pow(ink, 1 / 1.2); }
static cmsInt32Number toLab(const cmsUInt16Number in[], cmsUInt16Number out[], void* cargo) {
    double k = gain(in[3] / 65535.0);
    cmsUInt16Number rgb[3];
    for (int i = 0; i < 3; i++) rgb[i] = (cmsUInt16Number)((1 - gain(in[i] / 65535.0)) * (1 - k) * 65535 + 0.5);
    cmsDoTransform(srgbToLab, rgb, out, 1);
    return 1;
}
static cmsInt32Number fromLab(const cmsUInt16Number in[], cmsUInt16Number out[], void* cargo) {
    cmsUInt16Number rgb[3];
    cmsDoTransform(labToSrgb, in, rgb, 1);
    double c = 1 - rgb[0] / 65535.0, m = 1 - rgb[1] / 65535.0, y = 1 - rgb[2] / 65535.0;
    double k = fmin(c, fmin(m, y));
    double inks[4] = {k < 1 ? (c - k) / (1 - k) : 0, k < 1 ? (m - k) / (1 - k) : 0, k < 1 ? (y - k) / (1 - k) : 0, k};
    for (int i = 0; i < 4; i++) out[i] = (cmsUInt16Number)(pow(inks[i], 1.2) * 65535 + 0.5);
    return 1;
}
static cmsPipeline* lut(int inputs, int outputs, int points, cmsSAMPLER16 sampler) {
    cmsPipeline* pipeline = cmsPipelineAlloc(NULL, inputs, outputs);
    cmsStage* table = cmsStageAllocCLut16bit(NULL, points, inputs, outputs, NULL);
    cmsStageSampleCLut16bit(table, sampler, NULL, 0);
    cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(NULL, inputs, NULL));
    cmsPipelineInsertStage(pipeline, cmsAT_END, table);
    cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(NULL, outputs, NULL));
    return pipeline;
}
int main(void) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfile(), lab = cmsCreateLab4Profile(NULL);
    srgbToLab = cmsCreateTransform(srgb, TYPE_RGB_16, lab, TYPE_Lab_16, INTENT_RELATIVE_COLORIMETRIC, 0);
    labToSrgb = cmsCreateTransform(lab, TYPE_Lab_16, srgb, TYPE_RGB_16, INTENT_RELATIVE_COLORIMETRIC, 0);
    cmsHPROFILE profile = cmsCreateProfilePlaceholder(NULL);
    cmsSetProfileVersion(profile, 4.3);
    cmsSetDeviceClass(profile, cmsSigOutputClass);
    cmsSetColorSpace(profile, cmsSigCmykData);
    cmsSetPCS(profile, cmsSigLabData);
    cmsWriteTag(profile, cmsSigAToB0Tag, lut(4, 3, 7, toLab));
    cmsWriteTag(profile, cmsSigBToA0Tag, lut(3, 4, 9, fromLab));
    cmsWriteTag(profile, cmsSigMediaWhitePointTag, cmsD50_XYZ());
    cmsMLU* description = cmsMLUalloc(NULL, 1);
    cmsMLUsetASCII(description, "en", "US", "Nuke test CMYK");
    cmsWriteTag(profile, cmsSigProfileDescriptionTag, description);
    return cmsSaveProfileToFile(profile, "cmyk.icc") ? 0 : 1;
}
C
cc make-cmyk-profile.c -llcms2 -lm -o make-cmyk-profile
./make-cmyk-profile
rm -f make-cmyk-profile make-cmyk-profile.c

# A saturated 64×48 picture: its values read as wide-gamut colours leave sRGB's gamut.
convert -size 64x48 -seed 7 plasma:fractal -blur 0x1 -modulate 100,170 -depth 8 PNG24:source.png
python3 - <<'PY'
from PIL import Image, ImageCms
source = Image.open("source.png").convert("RGB")
source.save("source.ppm")
srgb = ImageCms.ImageCmsProfile("srgb.icc")
def to_srgb(image, profile, mode="RGB"):
    return ImageCms.profileToProfile(image, ImageCms.ImageCmsProfile(profile), srgb, renderingIntent=0, outputMode=mode)
for name in ["display-p3", "adobe-rgb", "prophoto"]:
    to_srgb(source, name + ".icc").save(name + ".reference.ppm")
gray = source.convert("L")
gray.save("gray.pgm")
to_srgb(gray, "gray-22.icc").save("gray-22.reference.ppm")
# Lossless PNG and WebP files that carry Display P3 (their pixels are the source's).
source.save("display-p3.png", icc_profile=open("display-p3.icc", "rb").read())
source.save("display-p3.webp", lossless=True, icc_profile=open("display-p3.icc", "rb").read())
# A JPEG that carries Display P3, and Pillow's decode of it converted.
source.save("display-p3.jpg", quality=95, icc_profile=open("display-p3.icc", "rb").read())
to_srgb(Image.open("display-p3.jpg"), "display-p3.icc").save("display-p3-jpeg.reference.ppm")
# A CMYK JPEG as Photoshop writes them (Adobe marker, inverted values) carrying its CMYK profile,
# and Pillow's decode of it converted through that profile.
cmyk = ImageCms.profileToProfile(source, srgb, ImageCms.ImageCmsProfile("cmyk.icc"), renderingIntent=0, outputMode="CMYK")
cmyk.save("cmyk-icc.jpg", quality=95, icc_profile=open("cmyk.icc", "rb").read())
to_srgb(Image.open("cmyk-icc.jpg"), "cmyk.icc").save("cmyk-icc.reference.ppm")
PY
# AVIF with the same colours, once with the ICC profile and once with CICP 12/13 (Display P3);
# the reference converts avifdec's decode with the profile.
avifenc -j 1 -s 8 --lossless --icc display-p3.icc source.png display-p3-icc.avif >/dev/null
avifenc -j 1 -s 8 --lossless --ignore-icc --cicp 12/13/0 source.png display-p3-cicp.avif >/dev/null
avifdec -j 1 display-p3-cicp.avif decoded.png >/dev/null
python3 - <<'PY'
from PIL import Image, ImageCms
decoded = Image.open("decoded.png").convert("RGB")
srgb = ImageCms.ImageCmsProfile("srgb.icc")
ImageCms.profileToProfile(decoded, ImageCms.ImageCmsProfile("display-p3.icc"), srgb, renderingIntent=0).save("display-p3-avif.reference.ppm")
PY
rm -f source.png decoded.png
