"""The dashboard's panels drawn as one page from the series Prometheus returned for each query
(Grafana's renderer cannot run here): `python3 tests/pods/dashboard_picture.py build/monitoring/dashboard.json
out.png` draws again what `make test-monitoring` saved. A query the panel puts on its right axis
(an override `custom.axisPlacement: right` by query) is drawn on a right axis here too."""

import json
import math
import pathlib
import sys

DASHBOARD = json.loads(
    (pathlib.Path(__file__).resolve().parents[2] / "charts/judge/files/dashboards/judge-overview.json").read_text()
)


def right_axis_queries():
    """(panel title, legend) of every query its panel draws on the right axis."""
    right = set()
    for panel in DASHBOARD["panels"]:
        refs = {
            override["matcher"]["options"]
            for override in panel.get("fieldConfig", {}).get("overrides", [])
            if override["matcher"]["id"] == "byFrameRefID"
            and {"id": "custom.axisPlacement", "value": "right"} in override["properties"]
        }
        right |= {
            (panel["title"], target.get("legendFormat", target["expr"]))
            for target in panel["targets"]
            if target.get("refId") in refs
        }
    return right


def draw(results, start, path):
    """results: per query, its panel, legend (query), unit and series (data) as saved in dashboard.json."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    on_right = right_axis_queries()
    panels = list(dict.fromkeys(r["panel"] for r in results))
    columns = 3
    rows = math.ceil(len(panels) / columns)
    figure, axes = plt.subplots(rows, columns, figsize=(6 * columns, 3.2 * rows), squeeze=False)
    for ax, title in zip(axes.flat, panels):
        queries = [r for r in results if r["panel"] == title]
        right = ax.twinx() if any((title, r["query"]) in on_right for r in queries) else None
        colours = iter(plt.rcParams["axes.prop_cycle"].by_key()["color"] * 4)
        for result in queries:
            target = right if (title, result["query"]) in on_right else ax
            for series in result["data"]:
                points = [(float(t) - start, float(v)) for t, v in series["values"] if not math.isnan(float(v))]
                if points:
                    label = result["query"]
                    for key, value in series["labels"].items():
                        label = label.replace("{{" + key + "}}", value)
                    target.plot(
                        *zip(*points),
                        label=label[:48] + (" (right)" if target is right else ""),
                        linewidth=1.2,
                        color=next(colours),
                    )
        ax.set_title(f"{title} ({queries[0]['unit']})", fontsize=9)
        handles, labels = ax.get_legend_handles_labels()
        for side in filter(None, [right]):
            side.tick_params(labelsize=7)
            more = side.get_legend_handles_labels()
            handles, labels = handles + more[0], labels + more[1]
        ax.tick_params(labelsize=7)
        ax.legend(handles, labels, fontsize=6, loc="upper right")
    for ax in axes.flat[len(panels) :]:
        ax.set_visible(False)
    figure.supxlabel("seconds from a minute before make load-test")
    figure.tight_layout()
    figure.savefig(path, dpi=90)


if __name__ == "__main__":
    saved = json.loads(pathlib.Path(sys.argv[1]).read_text())
    draw(saved["queries"], saved["start"], sys.argv[2])
