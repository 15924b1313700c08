// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.VariantJson;
import io.variant.shredding.internal.SpreadPasses;
import io.variant.shredding.internal.SpreadSample.Place;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * The places of a spread sample ({@link SpreadPasses}) read from plain NDJSON files, for {@link
 * PlanSample}: the documents go to a list, in the order read; a malformed line is counted with
 * {@code skipBad}, else thrown, named by its file, line and column. One file is open at a time (its
 * places follow each other), and every place shares one parser and its buffers. Not thread-safe.
 */
final class NdjsonPlaces implements SpreadPasses.PlaceReader, Closeable {
  private final List<String> inputs;
  private final JsonOptions options;
  private final boolean skipBad;
  private final List<Variant> out;
  private NdjsonReader lastPlace; // its parser and buffers serve the next place
  private FileChannel channel;
  private int open = -1; // the input channel reads
  private long badRows;

  /**
   * Places of {@code inputs} (in the order {@link
   * io.variant.shredding.internal.SpreadSample#places} was given them), parsed with {@code
   * options}, their documents added to {@code out}.
   */
  NdjsonPlaces(List<String> inputs, JsonOptions options, boolean skipBad, List<Variant> out) {
    this.inputs = inputs;
    this.options = options;
    this.skipBad = skipBad;
    this.out = out;
  }

  /** Malformed lines left out so far (with {@code skipBad}). */
  long badRows() {
    return badRows;
  }

  /**
   * Adds up to {@code limit} documents from the lines of the place's input that start in [{@code
   * from}, {@code place.to()}).
   *
   * @throws InputException for a malformed line, without {@code skipBad}
   */
  @Override
  public SpreadPasses.Read read(Place place, long from, long limit) throws IOException {
    String name = inputs.get(place.input());
    long to = place.to();
    long base = Math.max(0, from - 1); // the reader's offset 0
    // the stream is not closed: that would close the channel, which the next places read
    InputStream in = Channels.newInputStream(channel(place.input()).position(base));
    NdjsonReader lines =
        lastPlace == null
            ? new NdjsonReader(name, in, options, VariantJson.rowParser(options))
            : new NdjsonReader(name, in, options, lastPlace);
    lastPlace = lines;
    // the rest of the line that holds byte from - 1, which started before from; a line that runs
    // through the whole place (a line without end, say) is read no further than the place
    if (from > 0 && !lines.skipLine(to - base)) {
      return new SpreadPasses.Read(0, to);
    }
    long taken = 0;
    while (base + lines.position() < to) {
      if (taken >= limit) {
        return new SpreadPasses.Read(taken, base + lines.position());
      }
      Variant v;
      try {
        v = lines.next();
      } catch (InputException e) {
        if (base + lines.lineStart() >= to) {
          break; // the next place's line
        }
        badLine(Path.of(name), base, e);
        continue;
      }
      if (v == null || base + lines.lineStart() >= to) {
        break;
      }
      out.add(v);
      taken++;
    }
    return new SpreadPasses.Read(taken, to);
  }

  @Override
  public void close() throws IOException {
    if (channel != null) {
      channel.close();
      channel = null;
      open = -1;
    }
  }

  /** Input {@code index}, open: one channel per input while its places are read, not per place. */
  private FileChannel channel(int index) throws IOException {
    if (index != open) {
      close();
      channel = FileChannel.open(Path.of(inputs.get(index)));
      open = index;
    }
    return channel;
  }

  /**
   * A malformed sampled line: counted with {@code skipBad}, else thrown with its line counted from
   * the start of the file (the reader counted from {@code base}).
   */
  private void badLine(Path file, long base, InputException e) throws IOException {
    if (skipBad) {
      badRows++;
      return;
    }
    throw new InputException(
        e.source(),
        NdjsonReader.newlinesBefore(file, base) + e.line(),
        e.column(),
        JsonDocuments.withHints(e.detail()),
        e.getCause());
  }
}
