"""What the Python test suites share: the API client (judge_client), the services as processes and the
metrics they expose (processes), the programs every tier submits (programs), and the broker and
Kubernetes helpers of the autoscaling and pod tiers (cluster). tests/pytest.ini puts tests/ on the
path, so suites import these as support.<module>.

hack/services.sh starts the same services for make local-up with a launcher of its own: it leaves
them running as daemons with pid files across shell invocations, where the tests' own them for one
session and kill them at its end."""
