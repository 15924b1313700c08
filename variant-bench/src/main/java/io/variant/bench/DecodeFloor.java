package io.variant.bench;

import io.variant.bench.corpus.Corpus;
import io.variant.core.Variant;
import io.variant.parquet.read.VariantReadOptions.Validation;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The floor under issue 8's full-read row, as thread CPU time in one JVM: what it costs only to
 * <b>decode the columns</b> of the default-inferred file (every level and every value of every
 * leaf, column after column, by parquet-java's own column readers; no rows assembled, nothing
 * rebuilt), against our <b>whole</b> full read of the unshredded file of the same rows.
 *
 * <p>The unshredded layout stores each row's Variant bytes as they are, so its full read decodes
 * two columns and wraps their values; the inferred layout stores the same rows in a few dozen
 * columns. When decoding those columns alone costs several times the whole unshredded read, a
 * reader that hands out each row's Variant bytes cannot read the inferred file as fast however
 * cheaply it rebuilds, unless its decoders are that many times faster than parquet-java's (ours,
 * measured on a scratch branch in stop 25, take about half of parquet-java's time here).
 *
 * <p>Run from the repository root: {@code java -cp variant-bench/target/benchmarks.jar
 * io.variant.bench.DecodeFloor [PASSES [CORPUS]]} (defaults: 15 passes; CORPUS {@code events}, the
 * event log planRead reads, or a generated corpus such as {@code mixed}); {@code -Dplan.rows=N}
 * repeats the rows to N (default: the corpus once).
 */
public final class DecodeFloor {
  private DecodeFloor() {}

  public static void main(String[] args) throws IOException {
    int passes = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    String corpus = args.length > 1 ? args[1] : "events";
    List<Variant> rows =
        corpus.equals("events") ? EventData.variants() : Corpus.named(corpus).variants();
    int n = Integer.getInteger("plan.rows", 0);
    Path dir = Files.createTempDirectory("variant-floor");
    Path inferred = dir.resolve("inferred.parquet");
    Path plain = dir.resolve("unshredded.parquet");
    try {
      ReadCpuTime.write(inferred, "v", rows, ReadCpuTime.infer(rows), n, 0);
      ReadCpuTime.write(plain, "v", rows, ShreddingPlan.residual(), n, 0);
      double[] ns =
          ReadCpuTime.alternate(
              passes,
              () -> ReadCpuTime.full(plain, "v", Validation.LAZY),
              () -> ReadCpuTime.full(inferred, "v", Validation.LAZY),
              () -> decode(inferred),
              () -> decode(plain));
      System.out.printf(
          Locale.ROOT,
          "decodeFloor %s (%d rows): our full read, unshredded %.0f ns/row, inferred %.0f ns/row"
              + "%n  columns only (parquet-java, no rows), inferred %.0f ns/row (%d leaves),"
              + " unshredded %.0f ns/row%n  inferred columns only ÷ our whole unshredded read:"
              + " %.2f×%n",
          corpus,
          n > 0 ? n : rows.size(),
          ns[0],
          ns[1],
          ns[2],
          leaves(inferred),
          ns[3],
          ns[2] / ns[0]);
    } finally {
      Files.deleteIfExists(inferred);
      Files.deleteIfExists(plain);
      Files.deleteIfExists(dir);
    }
  }

  /**
   * Decodes every leaf of {@code file}, column after column and row group after row group, and
   * returns the row count. Values are read (binaries as their bytes) so that none is skipped.
   */
  static long decode(Path file) throws IOException {
    long rows = 0;
    long sink = 0;
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      MessageType schema = r.getFooter().getFileMetaData().getSchema();
      String createdBy = r.getFooter().getFileMetaData().getCreatedBy();
      GroupConverter ignored = new Ignored(schema);
      for (PageReadStore pages = r.readNextRowGroup();
          pages != null;
          pages = r.readNextRowGroup()) {
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, ignored, schema, createdBy);
        for (ColumnDescriptor c : schema.getColumns()) {
          sink += column(store.getColumnReader(c), c);
        }
        rows += pages.getRowCount();
      }
    }
    return sink == Long.MIN_VALUE ? -1 : rows; // the sink keeps the reads alive
  }

  private static long column(ColumnReader reader, ColumnDescriptor c) {
    int max = c.getMaxDefinitionLevel();
    PrimitiveTypeName type = c.getPrimitiveType().getPrimitiveTypeName();
    long sink = 0;
    for (long i = reader.getTotalValueCount(); i > 0; i--) {
      int d = reader.getCurrentDefinitionLevel();
      sink += d;
      if (d == max) {
        sink +=
            switch (type) {
              case INT64 -> reader.getLong();
              case INT32 -> reader.getInteger();
              case BOOLEAN -> reader.getBoolean() ? 1 : 0;
              case DOUBLE -> (long) reader.getDouble();
              case FLOAT -> (long) reader.getFloat();
              default -> reader.getBinary().getBytesUnsafe().length;
            };
      }
      reader.consume();
    }
    return sink;
  }

  private static long leaves(Path file) throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return r.getFooter().getFileMetaData().getSchema().getColumns().size();
    }
  }

  /** A converter tree that parquet-java's column store asks for and this floor never feeds. */
  private static final class Ignored extends GroupConverter {
    private final Converter[] children;

    Ignored(GroupType g) {
      children = new Converter[g.getFieldCount()];
      for (int i = 0; i < children.length; i++) {
        children[i] =
            g.getType(i).isPrimitive()
                ? new PrimitiveConverter() {}
                : new Ignored(g.getType(i).asGroupType());
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return children[fieldIndex];
    }

    @Override
    public void start() {}

    @Override
    public void end() {}
  }
}
