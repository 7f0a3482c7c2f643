#!/usr/bin/env python3
"""Makes the include folders of the build's layers (docs/layout.md, "Layers").

    layer_tree.py DIR LAYER/NAME=TARGET...

Each argument makes DIR/LAYER/NAME offer TARGET (a source folder or one
header), so the folder DIR/LAYER, given to the compiler as an include
folder, offers exactly what the layer exports: `-I DIR/go` resolves
"games/go/board.h" and nothing from another game.  Usually DIR/LAYER/NAME is
a symbolic link to TARGET, which follows the files added to it, so a new
header needs no list.

A folder's `internal/` subfolder is private to that folder (the headers only
its own code includes): a TARGET folder that has one is offered as a real
folder of links to each of its other entries, so no other layer can reach
internal/.  Such a folder follows the files added to it at the next setup
(meson reconfigures whenever a meson.build changes).

Run by meson.build at setup.  It replaces only symbolic links it could have
made, and folders that hold nothing else; a real file or folder in the way
is an error, left untouched.
"""
import os
import sys

PRIVATE = "internal"


def parse(root, spec):
    if "=" not in spec:
        raise ValueError(f"'{spec}' is not LAYER/NAME=TARGET")
    name, target = spec.split("=", 1)
    parts = name.split("/")
    if len(parts) < 2 or any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"'{name}' is not LAYER/NAME inside the layers folder")
    if not os.path.isabs(target):
        raise ValueError(f"the target of {name} must be an absolute path, not '{target}'")
    return os.path.join(root, *parts), target


def link(path, target):
    """path becomes a symbolic link to target (a link of ours is replaced)."""
    if os.path.islink(path):
        if os.readlink(path) == target:
            return
        os.unlink(path)
    elif os.path.isdir(path):
        clear_mirror(path)
    elif os.path.lexists(path):
        raise ValueError(f"{path} exists and is not a link: remove it, or use another build folder")
    os.symlink(target, path)


def clear_mirror(path):
    """Removes a folder this script made: only links inside, else an error."""
    entries = [os.path.join(path, e) for e in os.listdir(path)]
    if not all(os.path.islink(e) for e in entries):
        raise ValueError(f"{path} is a folder with more than links in it: remove it, or use "
                         "another build folder")
    for e in entries:
        os.unlink(e)
    os.rmdir(path)


def mirror(path, target):
    """path becomes a folder of links to target's entries but internal/."""
    if os.path.islink(path):
        os.unlink(path)
    elif os.path.lexists(path) and not os.path.isdir(path):
        raise ValueError(f"{path} exists and is not a folder: remove it, or use another build "
                         "folder")
    os.makedirs(path, exist_ok=True)
    wanted = {e for e in os.listdir(target) if e != PRIVATE}
    for e in os.listdir(path):
        entry = os.path.join(path, e)
        if not os.path.islink(entry):
            raise ValueError(f"{entry} is not a link: remove it, or use another build folder")
        if e not in wanted:
            os.unlink(entry)  # gone from the source folder, or private
    for e in sorted(wanted):
        link(os.path.join(path, e), os.path.join(target, e))


def make(root, spec):
    path, target = parse(root, spec)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.isdir(os.path.join(target, PRIVATE)):
        mirror(path, target)
    else:
        link(path, target)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[1]
    try:
        for spec in argv[2:]:
            make(root, spec)
    except (ValueError, OSError) as e:
        print(f"layer_tree.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
