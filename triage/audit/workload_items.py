"""Checklist items about the GPU workloads (seed 004): images and model versions pinned,
startup probes sized for model load, model weights cached."""

from __future__ import annotations

from triage.audit.facts import AuditFacts, absent, names
from triage.audit.model import FAIL, NOT_CHECKED, PASS, Answer
from triage.audit.support import image_pinned
from triage.bundle import layout
from triage.classify.release_checks import STARTUP_BUDGET_MIN_S

MODEL_FLAGS = ("--model", "--model-id", "--model_name_or_path", "--model-path", "--served-model")
REVISION_FLAGS = ("--revision", "--code-revision", "--tokenizer-revision")
MODEL_ENV = ("MODEL_ID", "MODEL_NAME", "HF_MODEL_ID", "MODEL")


def model_reference(container) -> str | None:
    """The model a server container loads: `--model X` / `--model=X`, `vllm serve X`, a
    MODEL_ID env value; None when the spec does not name one."""
    words = list(container.command) + list(container.args)
    for i, w in enumerate(words):
        for flag in MODEL_FLAGS:
            if w == flag and i + 1 < len(words):
                return words[i + 1]
            if w.startswith(flag + "="):
                return w.split("=", 1)[1]
        if w == "serve" and i + 1 < len(words) and not words[i + 1].startswith("-"):
            return words[i + 1]
    for e in container.env:
        if e.name in MODEL_ENV and e.value:
            return e.value
    return None


def _revision_pinned(container) -> bool:
    words = list(container.command) + list(container.args)
    return any(w in REVISION_FLAGS or w.split("=", 1)[0] in REVISION_FLAGS for w in words) or \
        any(e.name in ("REVISION", "MODEL_REVISION", "HF_REVISION") and e.value for e in container.env)


def _hub_id(model: str) -> bool:
    """`org/name` of a model hub (downloaded at start), not a path or a URL."""
    return not model.startswith(("/", ".", "s3:", "gs:", "http", "file:")) and model.count("/") == 1


def _gpu_containers(u):
    return [c for c in u.template.containers if not c.init and c.gpu_resources()] or \
        [c for c in u.template.containers if not c.init][:1]


def images_pinned(f: AuditFacts) -> Answer:
    units = f.inference_units or f.units
    if not units:
        return Answer("images_pinned", NOT_CHECKED, (absent(layout.RESOURCES, "GPU workloads"),))
    evidence, bad = [], []
    for u in units:
        for c in _gpu_containers(u):
            model = model_reference(c)
            floating = not image_pinned(c.image)
            unpinned_model = bool(model) and _hub_id(model) and not _revision_pinned(c)
            text = f"{u.name} container {c.name}: image {c.image}" + (f", model {model}" if model else "")
            evidence.append(f.ctx.cite_object(u.obj, text + (", no --revision" if unpinned_model else "")))
            if floating or unpinned_model:
                bad.append(u.label)
    if not evidence:
        return Answer("images_pinned", NOT_CHECKED, tuple(
            f.ctx.cite_field(u.obj, f"{u.name} spec.containers", None) for u in units[:6]))
    order = sorted(evidence, key=lambda c: not any(b.rsplit("/", 1)[1] in c.excerpt for b in bad))
    return Answer("images_pinned", FAIL if bad else PASS, tuple(order[:8]), {"workloads": names(bad)},
                  tuple(u.subject for u in units if u.label in bad))


def startup_probes_sized(f: AuditFacts) -> Answer:
    units = f.inference_units
    if not units:
        return Answer("startup_probes_sized", NOT_CHECKED, (absent(layout.RESOURCES, "GPU Deployments or StatefulSets"),))
    evidence, bad = [], []
    for u in units:
        startup = [p for c in u.template.containers if not c.init for p in c.probes if p.kind == "startup"]
        if startup:
            budget = max(p.budget_seconds for p in startup)
            evidence.append(f.ctx.cite_object(u.obj, f"{u.name} startupProbe budget {budget}s "
                                                     f"(initialDelaySeconds + periodSeconds x failureThreshold)"))
            if budget < STARTUP_BUDGET_MIN_S:
                bad.append(u.label)
        else:
            evidence.append(f.ctx.cite_field(u.obj, f"{u.name} containers[].startupProbe", None))
            bad.append(u.label)
    return Answer("startup_probes_sized", FAIL if bad else PASS, tuple(evidence[:8]), {"workloads": names(bad)},
                  tuple(u.subject for u in units if u.label in bad))


def model_weights_cached(f: AuditFacts) -> Answer:
    units = f.inference_units
    if not units:
        return Answer("model_weights_cached", NOT_CHECKED, (absent(layout.RESOURCES, "GPU Deployments or StatefulSets"),))
    evidence, bad, unknown = [], [], []
    for u in units:
        vols = {str(v.get("name")): v for v in u.template.volumes}
        persistent = [name for name, v in vols.items() if "persistentVolumeClaim" in v or "hostPath" in v
                      or "ephemeral" in v or "csi" in v]
        if u.kind == "StatefulSet":
            claims = (u.obj.raw.get("spec") or {}).get("volumeClaimTemplates") or []
            persistent += [str((c.get("metadata") or {}).get("name")) for c in claims if isinstance(c, dict)]
        mounts = [(c.name, v, p) for c in _gpu_containers(u) for v, p in c.volume_mounts if v in persistent]
        models = [m for c in _gpu_containers(u) if (m := model_reference(c))]
        if mounts:
            c, v, p = mounts[0]
            evidence.append(f.ctx.cite_object(u.obj, f"{u.name} container {c} mounts volume {v} at {p}: "
                                                     f"{next(iter(k for k in vols.get(v, {'persistentVolumeClaim': 1}) if k != 'name'), 'claim')}"))
        elif models and any(_hub_id(m) for m in models):
            bad.append(u.label)
            evidence.append(f.ctx.cite_object(u.obj, f"{u.name} loads {models[0]} with no persistent volume mounted "
                                                     f"(volumes: {', '.join(vols) or 'none'})"))
        else:
            unknown.append(u.label)
            evidence.append(f.ctx.cite_object(u.obj, f"{u.name}: no persistent volume mounted "
                                                     f"(volumes: {', '.join(vols) or 'none'}), model not named in the spec"))
    status = FAIL if bad else (NOT_CHECKED if unknown else PASS)
    return Answer("model_weights_cached", status, tuple(evidence[:8]), {"workloads": names(bad or unknown)},
                  tuple(u.subject for u in units if u.label in bad))
