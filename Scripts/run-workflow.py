#!/usr/bin/env python3
"""Runs the shell steps of a GitHub Actions job here, as a Linux runner would, to check a workflow we document.

    Scripts/run-workflow.py WORKFLOW [--job NAME] [--skip STEP]... [--context NAME=VALUE]...

WORKFLOW is a .yml file, or a Markdown page whose first ```yaml block is the workflow (docs/review.md). Steps
that use an action (`uses:`) and steps named by --skip are left out, each said on standard error. Every other
step's `run:` is written to a file and run as Actions' default Linux shell does (`bash -e FILE`), in the
current folder, with the workflow's, the job's and the step's `env`. `${{ NAME }}` is replaced by the
--context value of NAME (`github.token`); any other expression, or a name not given, is an error, so nothing
is run with a guess. Lines a step appends to `$GITHUB_PATH` and `$GITHUB_ENV` apply to the steps after it,
and `RUNNER_TEMP` is a fresh folder. The run stops at the first step that fails, naming it, with its status.

Needs PyYAML (`make test-deps` installs it).
"""
import argparse, os, re, shutil, subprocess, sys, tempfile

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def workflow_text(path):
    text = open(path, encoding="utf-8").read()
    if not path.endswith(".md"):
        return text
    match = re.search(r"^```yaml\n(.*?)^```", text, re.S | re.M)
    if not match:
        sys.exit(f"{path}: no ```yaml block")
    return match.group(1)


def substitute(value, context, where):
    def replace(match):
        name = match.group(1)
        if name not in context:
            sys.exit(f"{where}: ${{{{ {name} }}}} is not given (--context {name}=VALUE)")
        return context[name]
    return EXPRESSION.sub(replace, str(value))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("workflow")
    parser.add_argument("--job")
    parser.add_argument("--skip", action="append", default=[])
    parser.add_argument("--context", action="append", default=[])
    options = parser.parse_args()
    context = dict(item.split("=", 1) for item in options.context)
    workflow = yaml.safe_load(workflow_text(options.workflow))
    jobs = workflow.get("jobs") or {}
    name = options.job or next(iter(jobs), None)
    if name not in jobs:
        sys.exit(f"{options.workflow}: no job {name!r} (jobs: {', '.join(jobs)})")
    job = jobs[name]
    runner = tempfile.mkdtemp(prefix="flowgraph-workflow-")
    try:
        names = ("GITHUB_PATH", "GITHUB_ENV", "GITHUB_OUTPUT")
        files = {key: os.path.join(runner, key.lower()) for key in names}
        added_path, added_env = [], {}
        for index, step in enumerate(job.get("steps") or [], 1):
            title = step.get("name") or step.get("uses") or f"step {index}"
            if "uses" in step or title in options.skip:
                print(f"run-workflow: skipped: {title}", file=sys.stderr)
                continue
            environment = dict(os.environ)
            for scope in (workflow, job, step):
                for key, value in (scope.get("env") or {}).items():
                    environment[key] = substitute(value, context, f"{title}: env {key}")
            environment.update(added_env)
            environment["PATH"] = os.pathsep.join(added_path[::-1] + [environment.get("PATH", "")])
            environment["RUNNER_TEMP"] = runner
            for key, path in files.items():
                open(path, "w").close()
                environment[key] = path
            script = os.path.join(runner, f"step{index}.sh")
            with open(script, "w", encoding="utf-8") as f:
                f.write(substitute(step.get("run", ""), context, title))
            print(f"run-workflow: {title}", file=sys.stderr)
            status = subprocess.run(["bash", "-e", script], env=environment).returncode
            added_path += [line for line in open(files["GITHUB_PATH"]).read().splitlines() if line]
            for line in open(files["GITHUB_ENV"]).read().splitlines():
                if "=" in line:
                    key, value = line.split("=", 1)
                    added_env[key] = value
            if status != 0:
                print(f"run-workflow: {title}: exit {status}", file=sys.stderr)
                sys.exit(status)
    finally:
        shutil.rmtree(runner)


if __name__ == "__main__":
    main()
