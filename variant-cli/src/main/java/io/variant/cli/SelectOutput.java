// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Where {@code select} writes: stdout, or {@code -o OUT} by {@code convert}'s rule ({@link
 * OutputTarget} for a local name, {@link StoreTarget} for a name with a scheme): written under a
 * temporary name and moved into place only when the command succeeds, so OUT is either untouched or
 * the whole new output; an existing OUT needs {@code --overwrite}.
 */
final class SelectOutput implements AutoCloseable {
  private final WriteTarget target; // null: stdout
  private final TemporaryFileGuard guard;
  private final OutputStream stream;
  private boolean committed;

  private SelectOutput(WriteTarget target, TemporaryFileGuard guard, OutputStream stream) {
    this.target = target;
    this.guard = guard;
    this.stream = stream;
  }

  /**
   * Opens {@code arg} ({@code -o}'s value, or null for stdout).
   *
   * @throws RefusedException if OUT exists without {@code overwrite}, is a directory or an input
   */
  static SelectOutput open(String arg, boolean overwrite, List<String> inputs, VariantCli cli)
      throws IOException {
    if (arg == null) {
      return new SelectOutput(null, null, Output.stream(cli.stdout()));
    }
    WriteTarget target =
        Stores.isStore(arg)
            ? StoreTarget.of(arg, overwrite, cli.stores())
            : OutputTarget.of(Stores.local(arg), overwrite, cli.stdout());
    target.refuseInputs(inputs);
    TemporaryFileGuard guard = new TemporaryFileGuard();
    try {
      StreamOutputFile file =
          guard.step(
              () -> {
                StreamOutputFile opened = target.open();
                guard.watch(target.pending());
                return opened;
              });
      return new SelectOutput(target, guard, file.create(0));
    } catch (IOException | RuntimeException e) {
      target.abort();
      guard.close();
      throw e;
    }
  }

  /** The stream to write; every failure is an {@link OutputException} naming the output. */
  OutputStream stream() {
    return stream;
  }

  /** Makes what was written the output (after the writer flushed). */
  void commit() throws IOException {
    if (target == null) {
      stream.flush();
      return;
    }
    stream.close();
    guard.step(target::commit);
    committed = true;
  }

  /** Drops the output unless committed; OUT is as it was. */
  @Override
  public void close() throws IOException {
    if (target == null) {
      return;
    }
    try {
      if (!committed) {
        target.abort();
      }
    } finally {
      guard.close();
    }
  }
}
