# Reads a trajectory with ASE (ase.io.read, every frame) and prints what ASE's users get from it
# as JSON: positions, velocities (get_velocities()), momenta, masses (get_masses()), the cell,
# pbc, the info keys and the per-atom arrays ASE kept. Used by test/science-ase.test.ts.
# Usage: /usr/bin/python3 ase-read.py FILE FORMAT   (FORMAT: extxyz or lammps-dump-text)
import json
import sys

import ase
import ase.io
from ase import units

def plain(v):
    """An info value as JSON: numpy scalars as numbers, arrays as lists, anything else as text."""
    if hasattr(v, "tolist"):
        return v.tolist()
    return v if isinstance(v, (int, float, str, bool)) else str(v)


path, fmt = sys.argv[1], sys.argv[2]
frames = ase.io.read(path, index=":", format=fmt)
out = []
for atoms in frames:
    out.append({
        "positions": atoms.get_positions().tolist(),
        "velocities": atoms.get_velocities().tolist(),
        "momenta": atoms.get_momenta().tolist(),
        "masses": atoms.get_masses().tolist(),
        "cell": atoms.cell.array.tolist(),
        "pbc": [bool(p) for p in atoms.pbc],
        "info": {k: plain(v) for k, v in atoms.info.items()},
        "arrays": {k: atoms.arrays[k].tolist() for k in atoms.arrays if k in ("velo", "radius", "id")},
        "numbers": atoms.get_atomic_numbers().tolist(),
    })
# ASE's LAMMPS reader assumes "metal" units: a velocity of 1 Å/ps reads as this many ASE units
print(json.dumps({"ase": ase.__version__, "metalVelocity": 1 / (1000 * units.fs), "frames": out}))
