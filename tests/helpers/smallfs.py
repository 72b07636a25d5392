"""A real, small file system for disk-full tests: a 2 MB tmpfs (mounting needs root).

Tests that use :func:`small_fs` skip with the reason when mounting is not permitted.
"""

from __future__ import annotations

import io
import os
import random
import stat
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image


@contextmanager
def small_fs(where: Path, size: str = "2m") -> Iterator[Path]:
    """Mount a tmpfs of ``size`` at ``where`` for the block; skip the test when not allowed."""
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here (needs root): {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)


def fill(folder: Path, leave: int) -> None:
    """Fill ``folder``'s file system until about ``leave`` bytes are free."""
    stat = os.statvfs(folder)
    free = stat.f_bavail * stat.f_frsize
    with (folder / "filler.bin").open("wb") as handle:
        handle.write(b"\0" * max(0, free - leave))


def noisy_jpeg(seed: int, size: tuple[int, int] = (400, 560)) -> bytes:
    """A generated JPEG of random pixels (about 150-250 KB: noise does not compress)."""
    noise = Image.frombytes("RGB", size, random.Random(seed).randbytes(size[0] * size[1] * 3))
    out = io.BytesIO()
    noise.save(out, "JPEG", quality=90)
    return out.getvalue()


def full_device(folder: Path) -> Path:
    """A character device like ``/dev/full`` (every write fails: no space left) made in
    ``folder``, so a test that writes onto a device can never replace the system's own;
    skip the test when device nodes cannot be made here (needs root)."""
    path = folder / "full"
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    except (OSError, AttributeError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    return path
