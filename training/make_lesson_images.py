#!/usr/bin/env python3
"""The Fashion-MNIST sample the chapter lesson's Vision stops browse (resources/lessons/).

Writes the first N images and labels of the Fashion-MNIST test set as uncompressed IDX files, so the
shipped lesson works without the Debian package dataset-fashion-mnist (the Vision page's default set).

Source: Fashion-MNIST (Xiao, Rasul and Vollgraf, 2017, https://github.com/zalandoresearch/fashion-mnist),
MIT licence, as packaged by Debian (dataset-fashion-mnist, /usr/share/datasets/fashion-mnist).

    apt-get install dataset-fashion-mnist
    python3 training/make_lesson_images.py [--count 16]
"""
import argparse
import gzip
import pathlib
import struct

SOURCE = pathlib.Path("/usr/share/datasets/fashion-mnist")
OUT = pathlib.Path(__file__).resolve().parent.parent / "resources" / "lessons"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=16)
    args = parser.parse_args()
    images = gzip.open(SOURCE / "t10k-images-idx3-ubyte.gz").read()
    labels = gzip.open(SOURCE / "t10k-labels-idx1-ubyte.gz").read()
    magic, count, rows, cols = struct.unpack(">IIII", images[:16])
    assert magic == 2051 and count >= args.count, "not an IDX image file with enough images"
    lmagic, lcount = struct.unpack(">II", labels[:8])
    assert lmagic == 2049 and lcount == count
    n = args.count
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "fashion-mnist-sample-images-idx3-ubyte").write_bytes(
        struct.pack(">IIII", 2051, n, rows, cols) + images[16:16 + n * rows * cols])
    (OUT / "fashion-mnist-sample-labels-idx1-ubyte").write_bytes(struct.pack(">II", 2049, n) + labels[8:8 + n])
    print(f"wrote {n} images of {rows}x{cols} and their labels to {OUT}")


if __name__ == "__main__":
    main()
