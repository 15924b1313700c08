// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.file.FooterReader;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet {@link InputFile} that refuses a corrupt or forged file before parquet-java acts on
 * what it claims. parquet-java allocates what a footer or page header says: a forged size near 2^31
 * ends in {@link OutOfMemoryError} and one of 2^30 in a transient gigabyte, and a forged row count
 * silently drops rows. This is the check {@code VariantParquetReader} runs on every file; engines
 * that use {@code VariantReadSupport} with their own {@code ParquetReader} get the same checks of
 * footer and page headers by reading through it (not the reader's checks of levels and page ends:
 * see {@code EngineReadSupports}):
 *
 * <pre>{@code
 * GuardedInputFile in = GuardedInputFile.open(inputFile, "events.parquet"); // reads and checks the footer
 * ParquetConfiguration conf = GuardedInputFile.verifyChecksums(new PlainParquetConfiguration());
 * try (ParquetReader<VariantRecord> r = new ParquetReader.Builder<VariantRecord>(in, conf) {
 *   protected ReadSupport<VariantRecord> getReadSupport() {
 *     return new VariantReadSupport();
 *   }
 * }.build()) {
 *   for (VariantRecord row = r.read(); row != null; row = r.read()) { ... }
 * }
 * }</pre>
 *
 * <p><b>What is checked.</b> When opened ({@link FooterBounds}): every column chunk lies between
 * the leading magic and the footer, chunks do not overlap, each first data page lies inside its
 * chunk, counts are not negative, a row group's row count matches its columns' value counts, and
 * each row group lists one chunk per leaf column, in the schema's order; each chunk's physical type
 * is its schema element's, and no schema element's logical and converted types disagree ({@code
 * FooterReader.contradiction}). On every stream parquet-java opens ({@link PageHeaderCheck}), for
 * the pages of a chunk read from its start or from a data page its offset index gives (where a
 * column index filter skips pages): each page header's payload lies inside its chunk, its
 * uncompressed size is at most what the chunk's codec can expand the payload to, a dictionary holds
 * at most one value per byte, the data pages of a chunk read from its start hold the values its
 * footer claims, no more and, where they end at the chunk's end, no fewer, and each declares
 * encodings the footer allows for its chunk ({@link PageEncodings}). With {@link #verifyChecksums},
 * page payloads whose writer stored a CRC are checked against it (a flipped bit becomes an error
 * instead of a wrong value). Variant bytes inside the pages are not validated here: use {@code
 * VariantReadOptions.Validation.FULL} or {@code Variant.validate()} for that.
 *
 * <p><b>Errors:</b> a failed check throws {@link VariantParquetException} naming the file and,
 * where known, the column: from {@link #open}/{@link #of} for the footer, and from the reader's
 * {@code read()} (possibly wrapped by parquet-java) for a page. <b>Thread safety:</b> the file may
 * be shared; each stream it opens serves one thread, like parquet-java's.
 */
public final class GuardedInputFile implements InputFile {
  private final PageHeaderCheck checked;
  private final ParquetMetadata footer;

  private GuardedInputFile(PageHeaderCheck checked, ParquetMetadata footer) {
    this.checked = checked;
    this.footer = footer;
  }

  /**
   * Reads {@code file}'s footer, with its statistics, and checks it.
   *
   * @param name how error messages name the file
   * @throws IOException if the file cannot be read or its footer does not parse (the message names
   *     the file)
   * @throws VariantParquetException if the footer's claims do not fit the file
   */
  public static GuardedInputFile open(InputFile file, String name) throws IOException {
    // our reader's footer is checked for contradictions as it is read; parquet-java's is read again
    ParquetMetadata footer = FooterReader.read(file, true);
    return of(
        file,
        name,
        footer != null ? footer : readFooter(file, name, new PlainParquetConfiguration()));
  }

  /**
   * Reads {@code file}'s footer with parquet-java, telling a footer that does not decode from a
   * file that cannot be read.
   *
   * @param name how error messages name the file
   * @throws IOException if the file cannot be read (the message names the file)
   * @throws VariantParquetException if the footer's bytes do not decode; its message says why in
   *     one line, naming no thrift or Java class
   */
  public static ParquetMetadata readFooter(
      InputFile file, String name, ParquetConfiguration configuration) throws IOException {
    try (ParquetFileReader reader =
        ParquetFileReader.open(file, ParquetReadOptions.builder(configuration).build())) {
      return reader.getFooter();
    } catch (IOException | RuntimeException e) {
      VariantParquetException malformed = footerFailure(e, name);
      // a contradiction that parquet-java's conversion stumbles on (an INT32 chunk's statistics
      // read as INT64's) says more than its own exception
      Optional<String> why = Optional.empty();
      try {
        why = FooterReader.contradiction(file);
      } catch (IOException | RuntimeException undecodable) {
        // the footer's thrift does not decode: parquet-java's failure says so
      }
      throw why.isEmpty()
          ? malformed
          : new VariantParquetException(name, null, -1, FooterFailure.PREFIX + why.get(), e);
    }
  }

  /** {@link FooterFailure#of}, thrown if it is an {@link IOException}. */
  private static VariantParquetException footerFailure(Exception e, String name)
      throws IOException {
    Exception failure = FooterFailure.of(e, name);
    if (failure instanceof IOException io) {
      throw io;
    }
    return (VariantParquetException) failure;
  }

  /**
   * Checks a footer the caller has already read from {@code file}.
   *
   * @throws IOException if the file's length cannot be read
   * @throws VariantParquetException if the footer's claims do not fit the file
   */
  public static GuardedInputFile of(InputFile file, String name, ParquetMetadata footer)
      throws IOException {
    long length = file.getLength();
    List<FooterBounds.Chunk> chunks = FooterBounds.check(footer, length, name);
    if (!FooterReader.isChecked(footer)) {
      refuseContradictions(file, name);
    }
    return new GuardedInputFile(new PageHeaderCheck(file, length, name, chunks), footer);
  }

  /**
   * Throws if {@code file}'s footer contradicts itself where the footer parquet-java converted from
   * it no longer shows it ({@link FooterReader#contradiction}): parquet-java resolves each
   * contradiction one way, silently, and reads other values than those written.
   */
  private static void refuseContradictions(InputFile file, String name) throws IOException {
    Optional<String> why;
    try {
      why = FooterReader.contradiction(file);
    } catch (IOException | RuntimeException e) {
      throw footerFailure(e, name);
    }
    if (why.isPresent()) {
      throw new VariantParquetException(name, null, -1, FooterFailure.PREFIX + why.get(), null);
    }
  }

  /**
   * Throws if {@code e}, from parquet-java's reading of a row group's pages, means the file is
   * damaged rather than unreadable: parquet-java reports a page header that does not decode as an
   * {@link IOException}, as it does a failing disk, and its message names no file.
   *
   * @param row the first row that could not be read
   * @throws VariantParquetException naming the file and row, if a page header does not decode
   */
  public static void throwIfDamaged(IOException e, String name, long row) {
    PageFailure.throwIfDamaged(e, name, row);
  }

  /**
   * Opens parquet-java's reader of {@code footer}'s row groups on a stream of this file. A
   * row-group filter in {@code options} reads the dictionary pages of the columns it tests as the
   * reader opens, before any row is read: a damaged one fails here, naming the file, the column and
   * the first row of its row group, as a damaged page read with its row group does.
   *
   * @param footer this file's footer, or one that lists some of its row groups (a split's)
   * @throws IOException if the file cannot be read
   * @throws VariantParquetException if a page the filter reads is damaged
   */
  public ParquetFileReader openReader(ParquetMetadata footer, ParquetReadOptions options)
      throws IOException {
    WatchingStream stream = checked.watch();
    try {
      return ParquetFileReader.open(this, footer, options, stream);
    } catch (IOException | RuntimeException e) {
      FooterBounds.Chunk read = stream.lastChunkRead();
      try {
        stream.close(); // the reader that would have closed it was never made
      } catch (IOException closing) {
        e.addSuppressed(closing);
      }
      if (read == null) {
        throw e;
      }
      throw PageFailure.pruning(e, checked.toString(), read, firstRow(read.rowGroup()));
    }
  }

  /** The file's index of the first row of row group {@code index} of the checked footer. */
  private long firstRow(int index) {
    long rows = 0;
    for (int g = 0; g < index; g++) {
      rows += footer.getBlocks().get(g).getRowCount();
    }
    return rows;
  }

  /**
   * Turns on parquet-java's page CRC check ({@code parquet.page.verify-checksum.enabled}); returns
   * {@code conf}.
   */
  public static ParquetConfiguration verifyChecksums(ParquetConfiguration conf) {
    conf.setBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, true);
    return conf;
  }

  /**
   * {@link #verifyChecksums(ParquetConfiguration)} for readers built on a Hadoop {@code
   * Configuration}.
   */
  public static Configuration verifyChecksums(Configuration conf) {
    conf.setBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, true);
    return conf;
  }

  /**
   * The same file, whose streams also check each page's CRC (where its writer stored one) as its
   * bytes are read, and name the column and page of one that does not match. parquet-java's own
   * check ({@link #verifyChecksums}) stays the backstop for reads the streams do not follow; its
   * error names neither.
   */
  public GuardedInputFile withChecksums() {
    return new GuardedInputFile(checked.withChecksums(), footer);
  }

  /** The footer that was checked. */
  public ParquetMetadata footer() {
    return footer;
  }

  @Override
  public long getLength() {
    return checked.getLength();
  }

  /** A stream that checks each page header as parquet-java reads it. */
  @Override
  public SeekableInputStream newStream() throws IOException {
    return checked.newStream();
  }

  /** The file's name: parquet-java puts it in its error messages. */
  @Override
  public String toString() {
    return checked.toString();
  }
}
