// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the store tests read, written to a store: the event log ({@code in/events.ndjson}, and
 * {@code .gz}) and a finished directory of two copies of its conversion ({@code parts/}); and the
 * local conversion they are compared with.
 *
 * @param reference the event log converted locally
 * @param rows what {@code cat} prints for it
 * @param parquet its bytes
 */
record StoreInputs(Path reference, String rows, byte[] parquet) {
  /** Writes {@code name} (relative to the test's root on the store). */
  interface Store {
    void put(String name, byte[] bytes) throws IOException;
  }

  static StoreInputs write(StoreCli cli, Path dir, Store store) throws IOException {
    byte[] events = Files.readAllBytes(StoreCli.events());
    store.put("in/events.ndjson", events);
    store.put("in/events.ndjson.gz", CliRunnerGzip.gzip(events));
    Path reference = dir.resolve("reference.parquet");
    StoreCli.ok(cli.run("convert", "-q", StoreCli.events().toString(), "-o", reference.toString()));
    byte[] parquet = Files.readAllBytes(reference);
    store.put("parts/part-00000.parquet", parquet);
    store.put("parts/part-00001.parquet", parquet);
    store.put("parts/_SUCCESS", new byte[0]);
    return new StoreInputs(
        reference, StoreCli.ok(cli.run("cat", reference.toString())).out(), parquet);
  }
}
