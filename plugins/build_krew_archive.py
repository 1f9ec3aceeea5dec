"""Build the archive the krew manifest points at, and write its sha256 into the manifest.

    .venv/bin/python plugins/build_krew_archive.py dist/
    # -> dist/gpu-triage-v0.1.0.tar.gz, and plugins/gpu-triage.yaml's sha256 updated

The archive holds the launcher `kubectl-gpu_triage` (a POSIX shell script that makes a
private virtual environment on first run), the gpu-triage wheel and LICENSE-like notes.
Upload it as the release asset named in the manifest's `uri`, then submit the manifest
to krew-index (or install locally: `kubectl krew install --manifest=plugins/gpu-triage.yaml
--archive=dist/gpu-triage-v0.1.0.tar.gz`).
"""

from __future__ import annotations

import hashlib
import io
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
MANIFEST = HERE / "gpu-triage.yaml"


def build(dist: Path) -> Path:
    sys.path.insert(0, str(REPO))
    from triage import __version__
    dist.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp, str(REPO)], check=True)
        wheel = next(Path(tmp).glob("gpu_triage-*.whl"))
        archive = dist / f"gpu-triage-v{__version__}.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            for path, name in ((HERE / "kubectl-gpu_triage", "kubectl-gpu_triage"), (wheel, wheel.name)):
                info = tar.gettarinfo(str(path), arcname=name)
                info.uid = info.gid = 0
                info.uname = info.gname = ""
                info.mtime = 0
                with open(path, "rb") as f:
                    tar.addfile(info, f)
            readme = b"gpu-triage: see https://github.com/gpu-triage/gpu-triage#readme\n"
            info = tarfile.TarInfo("README")
            info.size = len(readme)
            tar.addfile(info, io.BytesIO(readme))
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    text = MANIFEST.read_text(encoding="utf-8")
    MANIFEST.write_text(re.sub(r"sha256: [0-9a-f]{64}", f"sha256: {digest}", text), encoding="utf-8")
    print(f"{archive} sha256 {digest}")
    return archive


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "dist"))
