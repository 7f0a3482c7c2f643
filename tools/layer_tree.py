#!/usr/bin/env python3
"""Makes the include folders of the build's layers (docs/layout.md, "Layers").

    layer_tree.py DIR LAYER/NAME=TARGET...

Each argument makes DIR/LAYER/NAME a symbolic link to TARGET (a source
folder or one header), so the folder DIR/LAYER, given to the compiler as an
include folder, offers exactly what the layer exports: `-I DIR/go` resolves
"games/go/board.h" and nothing from another game.  A link to a folder follows
the files added to it, so a new header needs no list.

Run by meson.build at setup.  It replaces only symbolic links it could have
made; a real file or folder in the way is an error, left untouched.
"""
import os
import sys


def make_link(root, spec):
    if "=" not in spec:
        raise ValueError(f"'{spec}' is not LAYER/NAME=TARGET")
    name, target = spec.split("=", 1)
    parts = name.split("/")
    if len(parts) < 2 or any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"'{name}' is not LAYER/NAME inside the layers folder")
    if not os.path.isabs(target):
        raise ValueError(f"the target of {name} must be an absolute path, not '{target}'")
    link = os.path.join(root, *parts)
    os.makedirs(os.path.dirname(link), exist_ok=True)
    if os.path.islink(link):
        if os.readlink(link) == target:
            return
        os.unlink(link)
    elif os.path.lexists(link):
        raise ValueError(f"{link} exists and is not a link: remove it, or use another build folder")
    os.symlink(target, link)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[1]
    try:
        for spec in argv[2:]:
            make_link(root, spec)
    except (ValueError, OSError) as e:
        print(f"layer_tree.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
