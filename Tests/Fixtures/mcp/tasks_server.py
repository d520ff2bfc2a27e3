"""A small task-list MCP server for Bridle's tests, on PyPI's official `mcp` package (FastMCP).

    python tasks_server.py                     # stdio
    python tasks_server.py --http PORT         # streamable HTTP on 127.0.0.1:PORT/mcp (JSON responses)

Every tools/call that reaches a tool is appended, as one JSON line, to the file named by the
environment variable TASKS_SERVER_LOG (when set), so the tests can count what reached the server.
"""

import asyncio
import datetime
import json
import os
import sys
from typing import Annotated, Literal

from mcp.server.fastmcp import Context, FastMCP
from pydantic import BaseModel, Field, WithJsonSchema

http_port = int(sys.argv[sys.argv.index("--http") + 1]) if "--http" in sys.argv else None
server = FastMCP("tasks", host="127.0.0.1", port=http_port or 8000, json_response=True, stateless_http=True)
tasks: list[dict] = []


def log(tool: str, arguments: dict) -> None:
    path = os.environ.get("TASKS_SERVER_LOG")
    if path:
        with open(path, "a") as file:
            file.write(json.dumps({"tool": tool, "arguments": arguments}, default=str) + "\n")


@server.tool()
def add_task(
    title: Annotated[str, Field(description="What to do", min_length=1, max_length=60)],
    priority: Annotated[Literal["low", "medium", "high"], Field(description="How urgent")],
    estimate_hours: Annotated[int, Field(description="Hours of work", ge=1, le=40)],
    due: Annotated[datetime.date, Field(description="The day it is due")],
) -> str:
    """Adds a task to the list."""
    log("add_task", {"title": title, "priority": priority, "estimate_hours": estimate_hours, "due": due.isoformat()})
    tasks.append({"title": title, "priority": priority, "due": due.isoformat()})
    return f"Added \"{title}\" ({priority}, {estimate_hours} h), due {due.isoformat()}; {len(tasks)} tasks in all."


class TaskList(BaseModel):
    count: int
    titles: list[str]


@server.tool()
def list_tasks(priority: Annotated[Literal["all", "low", "medium", "high"], Field(description="Which tasks")] = "all") -> TaskList:
    """Lists the tasks, optionally only those of one priority (a structured result)."""
    log("list_tasks", {"priority": priority})
    chosen = [task for task in tasks if priority == "all" or task["priority"] == priority]
    return TaskList(count=len(chosen), titles=[task["title"] for task in chosen])


@server.tool()
def share_task(
    title: Annotated[str, Field(description="The task to share")],
    username: Annotated[str, WithJsonSchema({"type": "string", "pattern": "^(?!admin)[a-z]+$"}), Field(description="Who gets it")],
) -> str:
    """Shares a task with a user. Its pattern's lookahead is a keyword Bridle's grammars cannot enforce."""
    log("share_task", {"title": title, "username": username})
    return "shared"


@server.tool()
async def slow_count(seconds: Annotated[int, Field(ge=1, le=60)]) -> str:
    """Counts slowly: answers after the given number of seconds."""
    log("slow_count", {"seconds": seconds})
    await asyncio.sleep(seconds)
    return f"counted {seconds} seconds"


@server.tool()
def crash(code: Annotated[int, Field(ge=1, le=9)]) -> str:
    """Ends the server process at once, mid-call."""
    log("crash", {"code": code})
    os._exit(code)


def archive_tasks() -> str:
    """Archives every task (offered only after enable_archive)."""
    log("archive_tasks", {})
    count = len(tasks)
    tasks.clear()
    return f"archived {count} tasks"


@server.tool()
async def enable_archive(context: Context) -> str:
    """Offers one more tool, archive_tasks, and tells the client the tool list changed."""
    log("enable_archive", {})
    server.add_tool(archive_tasks)
    await context.session.send_tool_list_changed()
    return "archive_tasks is now offered"


if __name__ == "__main__":
    server.run(transport="streamable-http" if http_port else "stdio")
