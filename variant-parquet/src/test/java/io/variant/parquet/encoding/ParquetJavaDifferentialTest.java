// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.variant.parquet.file.BytesInputFile;
import io.variant.parquet.read.ParquetFuzzSeeds;
import io.variant.testkit.ParquetTesting;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.VersionParser;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every column chunk decoded by {@link LeafPages} (levels, values of every encoding, dictionaries,
 * pages decompressed by {@link PageCodecs}) gives the same entries as parquet-java's {@code
 * ColumnReaderImpl} on the same bytes: the parquet-testing files, this project's files in both
 * layouts, and files parquet-java writes with each of its encodings and codecs, on data pages v1
 * and v2. Values are taken every way a reader takes them (to a converter with or without dictionary
 * support, as a {@link BinaryConverter}'s arrays, as raw bits or 16-byte words), and the encodings
 * {@link PageValues} declines are shown to be read by parquet-java's decoder, to the same values.
 * Where parquet-java fails on a chunk, ours fails too.
 */
class ParquetJavaDifferentialTest {
  private static final HexFormat HEX = HexFormat.of();
  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message m {\n"
              + "  required int32 i32;\n"
              + "  optional int64 i64;\n"
              + "  optional boolean flag;\n"
              + "  optional float f;\n"
              + "  optional double d;\n"
              + "  optional binary s (STRING);\n"
              + "  optional fixed_len_byte_array(16) w;\n"
              + "  optional int96 t;\n"
              + "  optional group l (LIST) { repeated group list { optional int64 element; } }\n"
              + "  optional group n (LIST) { repeated group list { optional binary element; } }\n"
              + "}");
  private static final CompressionCodecName[] CODECS = {
    CompressionCodecName.UNCOMPRESSED,
    CompressionCodecName.SNAPPY,
    CompressionCodecName.GZIP,
    CompressionCodecName.ZSTD,
    CompressionCodecName.LZ4_RAW
  };

  // per value encoding and type of the pages read: whether PageValues declined them
  private static final Map<String, Set<Boolean>> DECLINED = new TreeMap<>();
  private static final Set<String> PAGES = new TreeSet<>(); // page versions and codecs seen

  @TempDir Path tmp;

  @AfterAll
  static void printCoverage() {
    System.out.println("[differential] pages: " + PAGES + "; declined by encoding: " + DECLINED);
  }

  @Test
  void decodesEveryParquetTestingChunkAsParquetJava() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(ParquetTesting.dir())) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    assertFalse(files.isEmpty(), "no parquet-testing files");
    Random rnd = new Random(files.size());
    for (Path f : files) {
      compareFile(new LocalInputFile(f), f.toString(), rnd);
    }
  }

  @Test
  void decodesThisProjectsFilesAsParquetJava() throws IOException {
    byte[][] seeds = ParquetFuzzSeeds.files(); // both layouts, several codecs; parquet-testing's
    Random rnd = new Random(seeds.length);
    for (int i = 0; i < seeds.length; i++) {
      compareFile(new BytesInputFile(seeds[i]), "seed " + i, rnd);
    }
  }

  @Test
  void decodesEveryEncodingAndCodecParquetJavaWrites() {
    int combinations = 2 * 2 * 2 * CODECS.length;
    int[] next = {0}; // each trial writes the next combination, with its own random rows
    Trials.run(
        "differentialEncodings",
        combinations,
        rnd -> {
          int i = next[0]++ % combinations;
          boolean v2 = i % 2 == 0;
          boolean dictionary = i / 2 % 2 == 0;
          boolean byteStreamSplit = i / 4 % 2 == 0;
          CompressionCodecName codec = CODECS[i / 8 % CODECS.length];
          Path f = Files.createTempFile(tmp, "pj", ".parquet");
          Files.delete(f);
          write(f, rnd, v2, dictionary, byteStreamSplit, codec);
          String name =
              f
                  + " "
                  + codec
                  + (v2 ? " v2" : " v1")
                  + (dictionary ? " dictionary" : "")
                  + (byteStreamSplit ? " byte stream split" : "");
          compareFile(new LocalInputFile(f), name, rnd);
          Files.delete(f);
        });
    synchronized (DECLINED) {
      assertTrue(PAGES.containsAll(List.of("v1", "v2")), "page versions read: " + PAGES);
      for (String want :
          List.of(
              "PLAIN INT64",
              "PLAIN BINARY",
              "PLAIN_DICTIONARY BINARY",
              "RLE_DICTIONARY INT64",
              "DELTA_BINARY_PACKED INT32",
              "DELTA_BINARY_PACKED INT64",
              "DELTA_BYTE_ARRAY BINARY",
              "DELTA_BYTE_ARRAY FIXED_LEN_BYTE_ARRAY")) {
        assertEquals(Set.of(false), DECLINED.get(want), want + " decoded by PageValues itself");
      }
      // declined: read by parquet-java's own decoder, and (compareFile) to the same values
      for (String want : List.of("BYTE_STREAM_SPLIT DOUBLE", "RLE BOOLEAN", "PLAIN INT96")) {
        assertEquals(Set.of(true), DECLINED.get(want), want + " declined to parquet-java");
      }
    }
  }

  private static void write(
      Path f,
      Random rnd,
      boolean v2,
      boolean dictionary,
      boolean byteStreamSplit,
      CompressionCodecName codec)
      throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    int distinct =
        rnd.nextBoolean() ? 8 : 100_000; // few: dictionary pages; many: fallback to plain
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(f))
            .withType(SCHEMA)
            .withWriterVersion(v2 ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0)
            .withDictionaryEncoding(dictionary)
            .withDictionaryPageSize(2048)
            .withByteStreamSplitEncoding(byteStreamSplit)
            .withCompressionCodec(codec)
            .withPageSize(1024)
            .withPageRowCountLimit(200 + rnd.nextInt(300))
            .withRowGroupSize(64L * 1024)
            .build()) {
      int rows = 500 + rnd.nextInt(2500);
      for (int r = 0; r < rows; r++) {
        Group g = groups.newGroup();
        g.add("i32", rnd.nextInt(distinct) - distinct / 2);
        if (rnd.nextInt(8) > 0) {
          g.add("i64", (long) rnd.nextInt(distinct) * 1_000_003L);
        }
        if (rnd.nextInt(8) > 0) {
          g.add("flag", rnd.nextBoolean());
        }
        if (rnd.nextInt(8) > 0) {
          g.add("f", rnd.nextInt(distinct) / 7f);
        }
        if (rnd.nextInt(8) > 0) {
          g.add("d", rnd.nextInt(distinct) / 3.0);
        }
        if (rnd.nextInt(8) > 0) {
          g.add("s", "s" + rnd.nextInt(distinct) + "x".repeat(rnd.nextInt(20)));
        }
        if (rnd.nextInt(8) > 0) {
          g.add("w", Binary.fromConstantByteArray(bytes(rnd, 16, distinct)));
        }
        if (rnd.nextInt(8) > 0) {
          g.add("t", Binary.fromConstantByteArray(bytes(rnd, 12, distinct)));
        }
        if (rnd.nextInt(6) > 0) {
          Group l = g.addGroup("l");
          for (int e = rnd.nextInt(6); e > 0; e--) {
            Group element = l.addGroup("list");
            if (rnd.nextInt(6) > 0) {
              element.add("element", (long) rnd.nextInt(distinct));
            }
          }
        }
        if (rnd.nextInt(6) > 0) {
          Group n = g.addGroup("n");
          for (int e = rnd.nextInt(4); e > 0; e--) {
            Group element = n.addGroup("list");
            if (rnd.nextInt(6) > 0) {
              element.add("element", Binary.fromString("e" + rnd.nextInt(distinct)));
            }
          }
        }
        w.write(g);
      }
    }
  }

  /** {@code n} bytes of which only the last four vary, over {@code distinct} values. */
  private static byte[] bytes(Random rnd, int n, int distinct) {
    return ByteBuffer.allocate(n).putInt(n - 4, rnd.nextInt(distinct)).array();
  }

  /** Every column chunk of {@code file}, read by parquet-java and by {@link LeafPages}. */
  private static void compareFile(InputFile file, String name, Random rnd) throws IOException {
    ParquetReadOptions theirs = ParquetReadOptions.builder().build();
    ParquetReadOptions ours =
        ParquetReadOptions.builder()
            .withCodecFactory(new PageCodecs(HadoopCodecs.newFactory(0)))
            .build();
    try (ParquetFileReader a = ParquetFileReader.open(file, theirs);
        ParquetFileReader b = ParquetFileReader.open(file, ours)) {
      MessageType schema = a.getFooter().getFileMetaData().getSchema();
      ParsedVersion writer = writer(a.getFooter().getFileMetaData().getCreatedBy());
      int group = 0;
      for (PageReadStore x = a.readNextRowGroup(); x != null; x = a.readNextRowGroup(), group++) {
        PageReadStore y = b.readNextRowGroup();
        for (ColumnDescriptor c : schema.getColumns()) {
          String where = name + ", row group " + group + ", column " + c;
          compareChunk(c, x.getPageReader(c), y.getPageReader(c), writer, rnd, where);
        }
      }
      assertEquals(null, b.readNextRowGroup(), name);
    }
  }

  /** As parquet-java's {@code ColumnReadStoreImpl} parses the file's writer. */
  private static ParsedVersion writer(String createdBy) {
    try {
      return createdBy == null ? null : VersionParser.parse(createdBy);
    } catch (RuntimeException | VersionParser.VersionParseException e) {
      return null;
    }
  }

  private static void compareChunk(
      ColumnDescriptor c,
      PageReader theirPages,
      PageReader ourPages,
      ParsedVersion writer,
      Random rnd,
      String where) {
    List<String> want = new ArrayList<>();
    RuntimeException theirFailure = null;
    try {
      Recorder r = new Recorder(c, want, false);
      ColumnReaderImpl reader = new ColumnReaderImpl(c, theirPages, r, writer);
      for (long i = reader.getTotalValueCount(); i > 0; i--) {
        int d = reader.getCurrentDefinitionLevel();
        want.add(reader.getCurrentRepetitionLevel() + "/" + d);
        if (d == c.getMaxDefinitionLevel()) {
          reader.writeCurrentValueToConverter();
        }
        reader.consume();
      }
    } catch (RuntimeException e) {
      theirFailure = e;
    }
    List<String> got = new ArrayList<>();
    RuntimeException ourFailure = null;
    try {
      readOurs(c, new SeenPages(ourPages), writer, rnd, got);
    } catch (RuntimeException e) {
      ourFailure = e;
    }
    if (theirFailure != null) {
      if (ourFailure == null) {
        fail(where + ": parquet-java fails (" + theirFailure + ") but LeafPages reads it");
      }
      return;
    }
    if (ourFailure != null) {
      throw new AssertionError(where + ": LeafPages fails where parquet-java reads", ourFailure);
    }
    assertEquals(want.size(), got.size(), where + ": entries and values");
    for (int i = 0; i < want.size(); i++) {
      if (!want.get(i).equals(got.get(i))) {
        fail(where + ": item " + i + " is " + got.get(i) + ", parquet-java's " + want.get(i));
      }
    }
  }

  private static void readOurs(
      ColumnDescriptor c, SeenPages pages, ParsedVersion writer, Random rnd, List<String> got) {
    PrimitiveTypeName type = c.getPrimitiveType().getPrimitiveTypeName();
    boolean binary =
        type == PrimitiveTypeName.BINARY || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
    int kind = rnd.nextInt(binary ? 3 : 2);
    PrimitiveConverter converter =
        kind == 2
            ? new BinaryConverter() {
              @Override
              protected void accept(byte[] bytes, int dictionaryId) {
                got.add(HEX.formatHex(bytes));
              }
            }
            : new Recorder(c, got, kind == 1);
    LeafPages leaf = new LeafPages(c, pages, converter, writer);
    boolean raw = rnd.nextBoolean(); // take values as raw bits or words where the page allows it
    for (long i = leaf.total(); i > 0; i--) {
      int d = leaf.definition();
      got.add(leaf.repetition() + "/" + d);
      if (d == c.getMaxDefinitionLevel()) {
        synchronized (DECLINED) {
          DECLINED
              .computeIfAbsent(pages.encoding + " " + type, k -> new TreeSet<>())
              .add(leaf.declinedPage());
        }
        if (raw && leaf.hasBits()) {
          long bits = leaf.nextBits();
          got.add(
              switch (type) {
                case INT32 -> Integer.toString((int) bits);
                case FLOAT -> "f" + (int) bits;
                case DOUBLE -> "d" + bits;
                default -> Long.toString(bits);
              });
        } else if (raw && leaf.hasWords()) {
          long high = leaf.nextHigh();
          got.add(HEX.formatHex(ByteBuffer.allocate(16).putLong(high).putLong(leaf.low()).array()));
        } else {
          leaf.writeValue();
        }
      }
      leaf.consume();
    }
  }

  /** Records each value as text that says its type; with or without dictionary support. */
  private static final class Recorder extends PrimitiveConverter {
    private final PrimitiveTypeName type;
    private final List<String> out;
    private final boolean dictionarySupport;
    private Dictionary dictionary;

    Recorder(ColumnDescriptor c, List<String> out, boolean dictionarySupport) {
      this.type = c.getPrimitiveType().getPrimitiveTypeName();
      this.out = out;
      this.dictionarySupport = dictionarySupport;
    }

    @Override
    public boolean hasDictionarySupport() {
      return dictionarySupport;
    }

    @Override
    public void setDictionary(Dictionary dictionary) {
      this.dictionary = dictionary;
    }

    @Override
    public void addValueFromDictionary(int id) {
      switch (type) {
        case INT32 -> addInt(dictionary.decodeToInt(id));
        case INT64 -> addLong(dictionary.decodeToLong(id));
        case FLOAT -> addFloat(dictionary.decodeToFloat(id));
        case DOUBLE -> addDouble(dictionary.decodeToDouble(id));
        case BOOLEAN -> addBoolean(dictionary.decodeToBoolean(id));
        default -> addBinary(dictionary.decodeToBinary(id));
      }
    }

    @Override
    public void addInt(int v) {
      out.add(Integer.toString(v));
    }

    @Override
    public void addLong(long v) {
      out.add(Long.toString(v));
    }

    @Override
    public void addFloat(float v) {
      out.add("f" + Float.floatToRawIntBits(v));
    }

    @Override
    public void addDouble(double v) {
      out.add("d" + Double.doubleToRawLongBits(v));
    }

    @Override
    public void addBoolean(boolean v) {
      out.add(Boolean.toString(v));
    }

    @Override
    public void addBinary(Binary v) {
      out.add(HEX.formatHex(v.getBytes()));
    }
  }

  /** A chunk's pages as they are handed out, noting the current one's value encoding. */
  private static final class SeenPages implements PageReader {
    private final PageReader pages;
    String encoding = "?";

    SeenPages(PageReader pages) {
      this.pages = pages;
    }

    @Override
    public DictionaryPage readDictionaryPage() {
      return pages.readDictionaryPage();
    }

    @Override
    public long getTotalValueCount() {
      return pages.getTotalValueCount();
    }

    @Override
    public DataPage readPage() {
      DataPage p = pages.readPage();
      if (p instanceof DataPageV1 v1) {
        encoding = v1.getValueEncoding().name();
        synchronized (DECLINED) {
          PAGES.add("v1");
        }
      } else if (p instanceof DataPageV2 v2) {
        encoding = v2.getDataEncoding().name();
        synchronized (DECLINED) {
          PAGES.add("v2");
        }
      }
      return p;
    }
  }
}
