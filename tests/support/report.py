"""The figures a test tier measures: its tests add theirs through the tier's report fixture, and the
tier writes them to its report.json when the session ends."""

import json


class Report(dict):
    def __init__(self, path, merge=False, show=False):
        """merge: keep what earlier sessions wrote to PATH (a tier run in parts); show: print it too."""
        super().__init__()
        self.path, self.merge, self.show = path, merge, show

    def write(self):
        if not self:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        figures = json.loads(self.path.read_text()) if self.merge and self.path.exists() else {}
        figures.update(self)
        self.path.write_text(json.dumps(figures, indent=2) + "\n")
        if self.show:
            print(f"\nReport: {self.path}\n{json.dumps(figures, indent=2)}")
