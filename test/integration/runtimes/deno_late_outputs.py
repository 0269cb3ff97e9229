"""
`jupyter nbconvert`'s ExecutePreprocessor, keeping the outputs the Deno kernel publishes after a
cell's `status: idle` (notebook.test.ts runs examples/notebook.ipynb with it).

Why: the Jupyter protocol says a kernel is idle once all output of the request is sent, and nbclient
(nbconvert's executor) ends a cell at that message. Deno's kernel does not wait: the REPL thread
queues every output (console.log, Deno.jupyter.display, even an awaited one, and the cell's result)
on a channel that a separate loop publishes (iopubDrainer in the kernel's JavaScript), while
handleExecute publishes idle as soon as the evaluation returns. On a busy 2-core machine 5 to 23
outputs in 150 executions came after idle, and nbconvert saved those cells without them. No
nbconvert option helps (iopub_timeout bounds the wait for idle, not after it), nor anything a cell
can do (its display is queued, not sent, when its promise resolves).

The fix: after each code cell, ask the kernel to print a marker. The marker is queued on the same
channel behind the cell's outputs, and one loop publishes that channel in order on one socket, so
once the marker arrives every output of the cell has arrived before it: no wait, no guess.
"""
from uuid import uuid4

from nbclient.util import ensure_async, run_sync
from nbconvert.preprocessors import ExecutePreprocessor

OUTPUTS = {"stream", "display_data", "execute_result", "error", "update_display_data", "clear_output"}


class KeepLateOutputs(ExecutePreprocessor):
    def preprocess_cell(self, cell, resources, index):
        cell, resources = super().preprocess_cell(cell, resources, index)
        if cell.cell_type == "code":
            self.collect_late_outputs(cell, index)
        return cell, resources

    async def async_collect_late_outputs(self, cell, index):
        marker = f"nbconvert-marker-{uuid4()}"
        request = await ensure_async(self.kc.execute(f"console.log({marker!r})", store_history=False, allow_stdin=False))
        # The request's own idle may come before its marker (the same race), or after it.
        idle = False
        marked = False
        while not (marked and idle):
            msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=self.timeout))
            if msg["parent_header"].get("msg_id") == request and msg["msg_type"] == "status":
                idle = idle or msg["content"]["execution_state"] == "idle"
            elif marked:
                continue
            elif msg["msg_type"] == "stream" and msg["content"].get("text", "").strip() == marker:
                marked = True
            elif msg["msg_type"] in OUTPUTS:
                # Before the marker, every output is the cell's, whichever request the kernel stamped it with.
                self.process_message(msg, cell, index)
        await self.async_wait_for_reply(request)

    collect_late_outputs = run_sync(async_collect_late_outputs)
