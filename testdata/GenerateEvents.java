// SPDX-License-Identifier: Apache-2.0
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Random;

/**
 * Writes {@code events.ndjson}, the project's event-log test data: one JSON object per line.
 *
 * <pre>java testdata/GenerateEvents.java &gt; testdata/events.ndjson</pre>
 *
 * <p>An argument sets the row count ({@code java testdata/GenerateEvents.java 200000 > big.ndjson}): the
 * first rows are the same whatever the count, and {@code event_id} and {@code ts} keep growing.
 *
 * <p><b>Determinism:</b> a fixed seed and {@link java.util.Random} (whose algorithm the JDK specifies),
 * fields written in a fixed order, {@link Locale#ROOT} formatting and UTF-8 output with {@code \n} line
 * ends, so every JDK produces the same bytes. Change {@link #SEED} or {@link #ROWS} only on purpose:
 * tests and benchmarks read this file.
 *
 * <p>What the data exercises: nested objects and arrays, optional fields present 10-90% of the time,
 * type changes at one path ({@code user.id} sometimes a string, {@code price} sometimes {@code "n/a"} or
 * null, {@code device.version} sometimes a number), decimals with two fraction digits, strings longer
 * than 63 bytes, non-ASCII text and escapes, and a few odd rows (deep nesting, empty containers, mixed
 * arrays, more than 255 elements or fields, numbers beyond int64 and in exponent notation).
 */
public final class GenerateEvents {
  static final long SEED = 20240301L;
  static final int ROWS = 3000;

  private static final String[] TYPES = {"view", "view", "view", "click", "click", "search", "add_to_cart", "purchase", "signup", "logout"};
  private static final String[] NAMES = {
    "Alice", "Bob", "Chen Wei", "Zoë", "Łukasz", "李雷", "Ana María", "Øyvind", "سارة", "Ngozi", "Dmitri", "Siobhán",
    "Kenji", "Priya", "José", "Aroha", "Fatima", "Mateus", "Ólafur", "Yuki",
  };
  private static final String[] TAGS = {"new", "vip", "beta", "mobile", "returning", "promo", "trial", "☕ lover", "🙂", "éco"};
  private static final String[] OS = {"ios", "android", "windows", "macos", "linux"};
  private static final String[] PAGES = {"/", "/search", "/cart", "/checkout", "/product/{sku}", "/help/faq", "/account"};
  private static final String[] QUERIES = {"shoes", "red dress", "usb-c cable", "café table", "\"quoted\" term", "back\\slash", "tab\tsep"};
  private static final String[] COUNTRIES = {"DE", "US", "BR", "JP", "NG", "IN", "NZ", "FR", "PL", "EG"};
  private static final String[] CITIES = {"Berlin", "Austin", "São Paulo", "東京", "Lagos", "Pune", "Auckland", "Lyon", "Kraków", "القاهرة"};
  private static final String[] AGENTS = {
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
  };
  private static final DateTimeFormatter TS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private final Random rnd = new Random(SEED);
  private final StringBuilder sb = new StringBuilder(512);
  private long millis = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();

  public static void main(String[] args) throws IOException {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : ROWS; // more rows for timing runs; the default is the file
    GenerateEvents g = new GenerateEvents();
    try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))) {
      for (int i = 1; i <= rows; i++) {
        out.write(g.row(i));
        out.write('\n');
      }
    }
  }

  private boolean chance(double p) {
    return rnd.nextDouble() < p;
  }

  private <T> T pick(T[] values) {
    return values[rnd.nextInt(values.length)];
  }

  String row(int eventId) {
    sb.setLength(0);
    millis += 200 + rnd.nextInt(30_000);
    String type = pick(TYPES);
    sb.append('{');
    firstField("event_id").append(eventId);
    field("ts");
    str(TS.format(Instant.ofEpochMilli(millis)));
    field("type");
    str(type);
    if (chance(0.8)) {
      field("session_id");
      str(String.format(Locale.ROOT, "s-%08x", rnd.nextInt()));
    }
    user();
    device();
    if (chance(0.4)) {
      field("geo").append('{');
      int c = rnd.nextInt(COUNTRIES.length);
      firstField("country");
      str(COUNTRIES[c]);
      field("city");
      str(CITIES[c]);
      sb.append('}');
    }
    typeSpecific(type);
    if (chance(0.3)) {
      field("referrer");
      str(chance(0.5) ? "https://www.example.com/campaign?id=" + rnd.nextInt(100) : "");
    }
    if (chance(0.1)) {
      field("experiment").append('{');
      firstField("name");
      str("checkout-" + (char) ('a' + rnd.nextInt(3)));
      field("bucket").append(rnd.nextInt(2));
      sb.append('}');
    }
    if (eventId % 500 == 250) {
      odd(eventId / 500);
    }
    return sb.append('}').toString();
  }

  private void user() {
    field("user").append('{');
    firstField("id");
    int id = 1000 + rnd.nextInt(4000);
    if (chance(0.03)) {
      str("u-" + id); // type change: user.id is an integer in 97% of rows
    } else {
      sb.append(id);
    }
    field("name");
    str(pick(NAMES));
    field("tags").append('[');
    for (int i = 0, n = rnd.nextInt(4); i < n; i++) {
      sb.append(i == 0 ? "" : ",");
      str(pick(TAGS));
    }
    sb.append(']');
    if (chance(0.6)) {
      field("email");
      str("user" + id + "@example.com");
    }
    if (chance(0.15)) {
      field("premium").append(chance(0.5));
    }
    sb.append('}');
  }

  private void device() {
    field("device").append('{');
    String os = pick(OS);
    firstField("os");
    str(os);
    field("version");
    if (chance(0.05)) {
      sb.append(10 + rnd.nextInt(8)); // type change: usually a string
    } else {
      str((10 + rnd.nextInt(8)) + "." + rnd.nextInt(10));
    }
    if (chance(0.4)) {
      field("user_agent"); // longer than 63 bytes: the long string encoding
      str(pick(AGENTS));
    }
    sb.append('}');
  }

  private void typeSpecific(String type) {
    switch (type) {
      case "view":
        field("page");
        str(pick(PAGES).replace("{sku}", sku()));
        if (chance(0.7)) {
          field("duration_ms").append(rnd.nextInt(120_000));
        }
        break;
      case "click":
        field("target").append('{');
        firstField("element");
        str(chance(0.5) ? "button#buy" : "a.nav-link");
        field("x").append(rnd.nextInt(1920));
        field("y").append(rnd.nextInt(1080));
        sb.append('}');
        break;
      case "search":
        field("query");
        str(pick(QUERIES));
        field("results").append(rnd.nextInt(200));
        break;
      case "purchase":
        items(1 + rnd.nextInt(4));
        field("currency");
        str(chance(0.9) ? "EUR" : "USD");
        if (chance(0.2)) {
          field("coupon");
          str("SAVE" + (5 * (1 + rnd.nextInt(4))));
        }
        break;
      case "add_to_cart":
        items(1);
        break;
      default:
        break; // signup and logout carry only the common fields
    }
  }

  private void items(int n) {
    field("items").append('[');
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "{" : ",{");
      firstField("sku");
      str(sku());
      field("qty").append(1 + rnd.nextInt(5));
      field("price");
      double p = rnd.nextDouble();
      if (p < 0.02) {
        str("n/a"); // type change: price is a 2-decimal number in 97% of items
      } else if (p < 0.03) {
        sb.append("null");
      } else {
        int cents = 99 + rnd.nextInt(50_000);
        sb.append(cents / 100).append('.').append(String.format(Locale.ROOT, "%02d", cents % 100));
      }
      sb.append('}');
    }
    sb.append(']');
  }

  private String sku() {
    return String.format(Locale.ROOT, "SKU-%05d", rnd.nextInt(20_000));
  }

  /** One of six unusual rows, placed every 500 rows. */
  private void odd(int which) {
    field("debug");
    switch (which % 6) {
      case 0: // 40 levels of nesting, alternating objects and arrays
        for (int d = 0; d < 20; d++) {
          sb.append("{\"level\":").append(d).append(",\"next\":[");
        }
        sb.append("\"bottom\"");
        for (int d = 0; d < 20; d++) {
          sb.append("]}");
        }
        break;
      case 1: // empty containers and a mixed array
        sb.append("{\"empty_object\":{},\"empty_array\":[],\"mixed\":[1,\"two\",3.5,null,true,false,{\"k\":[]},[[]]]}");
        break;
      case 2: // numbers: beyond int64, exponent notation, negative, int boundaries, many fraction digits
        sb.append("{\"big\":12345678901234567890123,\"exp\":1.5e10,\"neg\":-42,\"small_exp\":-2.5E-3,")
            .append("\"int32_max\":2147483647,\"int64_min\":-9223372036854775808,\"pi\":3.14159265358979323846}");
        break;
      case 3: { // an array of more than 255 elements: the large array form
        sb.append("{\"samples\":[");
        for (int i = 0; i < 300; i++) {
          sb.append(i == 0 ? "" : ",").append(rnd.nextInt(1000));
        }
        sb.append("]}");
        break;
      }
      case 4: { // an object of more than 255 fields: the large object form and 2-byte field ids
        sb.append('{');
        for (int i = 0; i < 260; i++) {
          sb.append(i == 0 ? "" : ",").append("\"attr_").append(String.format(Locale.ROOT, "%03d", i)).append("\":").append(i);
        }
        sb.append('}');
        break;
      }
      default: // unusual keys and string contents
        sb.append("{\"\":\"empty key\",\"größe\":\"XL\",\"key with spaces\":1,\"ctrl\":\"a\\u0001b\\nc\",\"emoji\":\"👍🏽\",")
            .append("\"long\":\"").append("0123456789".repeat(8)).append("\"}");
        break;
    }
  }

  /** Appends {@code ,"name":}: a field after the first one of an object. */
  private StringBuilder field(String name) {
    sb.append(',');
    return firstField(name);
  }

  /** Appends {@code "name":}: the first field of an object. */
  private StringBuilder firstField(String name) {
    str(name);
    return sb.append(':');
  }

  /** Appends a JSON string literal: RFC 8259 escapes for quote, backslash and control characters. */
  private void str(String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\t':
          sb.append("\\t");
          break;
        default:
          if (c < 0x20) {
            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    sb.append('"');
  }
}
