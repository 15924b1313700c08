// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.corpus;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Mixed real-world-shaped rows, one JSON document per line, interleaved at random: social-media
 * statuses (a nested user, entity arrays, many nullable fields, ids as numbers and as strings),
 * code-hosting events (an actor, a repository and a payload whose shape depends on the event type)
 * and product reviews (long free text, a rating, a helpfulness pair): the shapes of public samples
 * (tweets, GitHub events, Amazon reviews), generated so that the size table can be reproduced
 * anywhere.
 *
 * <p>The benchmark corpus {@code mixed} is its first {@value #CORPUS_ROWS} rows; {@code
 * io.variant.bench.sizes.MixedRows} prints any number of them as NDJSON.
 *
 * <p><b>Determinism:</b> a fixed seed, {@link Random}, {@link Locale#ROOT} and UTF-8: the same
 * bytes on every JDK.
 */
public final class MixedRowGenerator {
  static final long SEED = 922L;
  private static final String[] WORDS =
      ("the of and to a in is it you that he was for on are with as I his they be at one have this from or had "
              + "by not word but what some we can out other were all there when up use your how said an each she which "
              + "do their time if will way about many then them write would like so these her long make thing see him "
              + "two has look more day could go come did number sound no most people my over know water than call "
              + "first who may down side been now find great product quality price shipping love broke works perfectly "
              + "recommend battery screen fast slow cheap size color fits return café naïve 東京 привет 👍 🎉 ❤️")
          .split(" ");
  private static final String[] LANGS = {"en", "en", "en", "es", "ja", "pt", "de", "und"};
  private static final String[] SOURCES = {
    "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>",
    "<a href=\"http://twitter.com/download/android\" rel=\"nofollow\">Twitter for Android</a>",
    "<a href=\"https://mobile.twitter.com\" rel=\"nofollow\">Twitter Web App</a>",
  };
  private static final String[] EVENTS = {
    "PushEvent",
    "PushEvent",
    "PushEvent",
    "CreateEvent",
    "WatchEvent",
    "IssuesEvent",
    "PullRequestEvent",
    "IssueCommentEvent",
    "ForkEvent",
    "DeleteEvent"
  };
  private static final DateTimeFormatter TWITTER_TIME =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss Z yyyy", Locale.ROOT)
          .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter ISO = DateTimeFormatter.ISO_INSTANT;
  private static final DateTimeFormatter REVIEW_TIME =
      DateTimeFormatter.ofPattern("MM d, yyyy", Locale.ROOT).withZone(ZoneOffset.UTC);

  private final Random rnd = new Random(SEED);
  private final PlainJsonWriter j = new PlainJsonWriter();
  private long seconds = Instant.parse("2015-01-01T00:00:00Z").getEpochSecond();
  private long tweetId = 550_000_000_000_000_000L;
  private long eventId = 2_489_651_045L;

  /** Rows in the benchmark corpus {@code mixed}: about as many bytes as {@code events}. */
  static final int CORPUS_ROWS = 4000;

  /** The first {@code rows} rows, one JSON document each. */
  public static List<String> generate(int rows) {
    MixedRowGenerator g = new MixedRowGenerator();
    List<String> out = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      out.add(g.row());
    }
    return out;
  }

  /** The next row. */
  private String row() {
    seconds += 1 + rnd.nextInt(40);
    j.reset();
    int kind = rnd.nextInt(10);
    if (kind < 4) {
      status();
    } else if (kind < 7) {
      event();
    } else {
      review();
    }
    return j.text();
  }

  private String text(int minWords, int maxWords) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0, n = minWords + rnd.nextInt(maxWords - minWords + 1); i < n; i++) {
      sb.append(i == 0 ? "" : " ").append(WORDS[rnd.nextInt(WORDS.length)]);
    }
    return sb.toString();
  }

  private String handle() {
    return "user_" + Integer.toString(rnd.nextInt(50_000), 36);
  }

  private void status() {
    tweetId += 1 + rnd.nextInt(1_000_000);
    j.open().key("created_at").str(TWITTER_TIME.format(Instant.ofEpochSecond(seconds)));
    j.key("id").num(tweetId).key("id_str").str(Long.toString(tweetId));
    j.key("text").str(text(3, 30)).key("source").str(SOURCES[rnd.nextInt(SOURCES.length)]);
    j.key("truncated").bool(rnd.nextInt(20) == 0);
    boolean reply = rnd.nextInt(4) == 0;
    long replyTo = tweetId - rnd.nextInt(1_000_000_000);
    j.key("in_reply_to_status_id").raw(reply ? Long.toString(replyTo) : "null");
    j.key("in_reply_to_status_id_str").raw(reply ? "\"" + replyTo + "\"" : "null");
    j.key("in_reply_to_screen_name").raw(reply ? "\"" + handle() + "\"" : "null");
    int uid = rnd.nextInt(2_000_000);
    j.key("user")
        .open()
        .key("id")
        .num(uid)
        .key("id_str")
        .str(Integer.toString(uid))
        .key("name")
        .str(text(1, 2))
        .key("screen_name")
        .str(handle())
        .key("location")
        .raw(rnd.nextBoolean() ? "\"" + text(1, 2) + "\"" : "null")
        .key("description")
        .str(text(0, 15))
        .key("protected")
        .bool(false)
        .key("followers_count")
        .num(rnd.nextInt(100_000))
        .key("friends_count")
        .num(rnd.nextInt(5000))
        .key("statuses_count")
        .num(rnd.nextInt(200_000))
        .key("verified")
        .bool(rnd.nextInt(50) == 0)
        .key("lang")
        .raw(rnd.nextBoolean() ? "null" : "\"" + LANGS[rnd.nextInt(LANGS.length)] + "\"")
        .key("profile_image_url_https")
        .str("https://pbs.twimg.com/profile_images/" + rnd.nextInt(1 << 30) + "/a_normal.jpg")
        .close();
    j.key("geo").raw("null").key("coordinates").raw("null").key("place").raw("null");
    j.key("is_quote_status").bool(rnd.nextInt(10) == 0);
    j.key("retweet_count").num(rnd.nextInt(10) < 7 ? 0 : rnd.nextInt(5000));
    j.key("favorite_count").num(rnd.nextInt(10) < 5 ? 0 : rnd.nextInt(20_000));
    j.key("entities").open().key("hashtags").arr();
    for (int i = 0, n = rnd.nextInt(3); i < n; i++) {
      int at = rnd.nextInt(100);
      j.open()
          .key("text")
          .str(WORDS[rnd.nextInt(WORDS.length)])
          .key("indices")
          .arr()
          .num(at)
          .num(at + 8)
          .closeArr()
          .close();
    }
    j.closeArr().key("urls").arr();
    if (rnd.nextInt(4) == 0) {
      String code = Integer.toString(rnd.nextInt(1 << 30), 36);
      j.open()
          .key("url")
          .str("https://t.co/" + code)
          .key("expanded_url")
          .str("https://example.com/" + text(1, 1) + "/" + code)
          .key("display_url")
          .str("example.com/" + code)
          .close();
    }
    j.closeArr().key("user_mentions").arr();
    for (int i = 0, n = rnd.nextInt(3); i < n; i++) {
      int mid = rnd.nextInt(2_000_000);
      j.open()
          .key("screen_name")
          .str(handle())
          .key("id")
          .num(mid)
          .key("id_str")
          .str(Integer.toString(mid))
          .close();
    }
    j.closeArr().close();
    j.key("favorited").bool(false).key("retweeted").bool(false);
    j.key("filter_level").str("low").key("lang").str(LANGS[rnd.nextInt(LANGS.length)]);
    j.key("timestamp_ms").str(Long.toString(seconds * 1000 + rnd.nextInt(1000)));
    j.close();
  }

  private void event() {
    eventId += 1 + rnd.nextInt(50);
    String type = EVENTS[rnd.nextInt(EVENTS.length)];
    int actor = rnd.nextInt(3_000_000);
    String login = handle();
    int repo = rnd.nextInt(30_000_000);
    String repoName = login + "/" + text(1, 1).replace(' ', '-');
    j.open().key("id").str(Long.toString(eventId)).key("type").str(type);
    j.key("actor")
        .open()
        .key("id")
        .num(actor)
        .key("login")
        .str(login)
        .key("display_login")
        .str(login)
        .key("gravatar_id")
        .str("")
        .key("url")
        .str("https://api.github.com/users/" + login)
        .key("avatar_url")
        .str("https://avatars.githubusercontent.com/u/" + actor + "?")
        .close();
    j.key("repo")
        .open()
        .key("id")
        .num(repo)
        .key("name")
        .str(repoName)
        .key("url")
        .str("https://api.github.com/repos/" + repoName)
        .close();
    j.key("payload").open();
    switch (type) {
      case "PushEvent" -> {
        long push = 1_000_000_000L + rnd.nextInt(1 << 30);
        j.key("push_id")
            .num(push)
            .key("size")
            .num(1 + rnd.nextInt(3))
            .key("distinct_size")
            .num(1 + rnd.nextInt(3))
            .key("ref")
            .str("refs/heads/" + (rnd.nextBoolean() ? "main" : "master"))
            .key("head")
            .str(sha())
            .key("before")
            .str(sha())
            .key("commits")
            .arr();
        for (int i = 0, n = 1 + rnd.nextInt(3); i < n; i++) {
          j.open()
              .key("sha")
              .str(sha())
              .key("author")
              .open()
              .key("email")
              .str(login + "@users.noreply.github.com")
              .key("name")
              .str(text(1, 2))
              .close()
              .key("message")
              .str(text(2, 12))
              .key("distinct")
              .bool(true)
              .key("url")
              .str("https://api.github.com/repos/" + repoName + "/commits/" + sha())
              .close();
        }
        j.closeArr();
      }
      case "CreateEvent" ->
          j.key("ref")
              .str("feature-" + rnd.nextInt(1000))
              .key("ref_type")
              .str(rnd.nextBoolean() ? "branch" : "tag")
              .key("master_branch")
              .str("main")
              .key("description")
              .raw(rnd.nextBoolean() ? "null" : "\"" + text(2, 8) + "\"")
              .key("pusher_type")
              .str("user");
      case "WatchEvent" -> j.key("action").str("started");
      case "IssuesEvent", "IssueCommentEvent", "PullRequestEvent" -> {
        j.key("action").str(rnd.nextBoolean() ? "opened" : "closed");
        int number = 1 + rnd.nextInt(5000);
        j.key("number")
            .num(number)
            .key(type.equals("PullRequestEvent") ? "pull_request" : "issue")
            .open()
            .key("id")
            .num(100_000_000 + rnd.nextInt(1 << 28))
            .key("number")
            .num(number)
            .key("title")
            .str(text(3, 10))
            .key("state")
            .str(rnd.nextBoolean() ? "open" : "closed")
            .key("locked")
            .bool(false)
            .key("comments")
            .num(rnd.nextInt(40))
            .key("created_at")
            .str(ISO.format(Instant.ofEpochSecond(seconds - rnd.nextInt(1_000_000))))
            .key("updated_at")
            .str(ISO.format(Instant.ofEpochSecond(seconds)))
            .key("closed_at")
            .raw("null")
            .key("author_association")
            .str("NONE")
            .key("body")
            .str(text(5, 60))
            .close();
        if (type.equals("IssueCommentEvent")) {
          j.key("comment")
              .open()
              .key("id")
              .num(200_000_000 + rnd.nextInt(1 << 28))
              .key("body")
              .str(text(2, 40))
              .close();
        }
      }
      case "ForkEvent" ->
          j.key("forkee")
              .open()
              .key("id")
              .num(rnd.nextInt(30_000_000))
              .key("full_name")
              .str(handle() + "/x")
              .key("private")
              .bool(false)
              .key("fork")
              .bool(true)
              .close();
      default ->
          j.key("ref")
              .str("old-" + rnd.nextInt(100))
              .key("ref_type")
              .str("branch")
              .key("pusher_type")
              .str("user");
    }
    j.close();
    j.key("public").bool(true).key("created_at").str(ISO.format(Instant.ofEpochSecond(seconds)));
    if (rnd.nextInt(3) == 0) {
      int org = rnd.nextInt(1_000_000);
      j.key("org")
          .open()
          .key("id")
          .num(org)
          .key("login")
          .str("org-" + org)
          .key("gravatar_id")
          .str("")
          .key("url")
          .str("https://api.github.com/orgs/org-" + org)
          .close();
    }
    j.close();
  }

  private void review() {
    Instant t = Instant.ofEpochSecond(seconds - 86_400L * rnd.nextInt(2000));
    int total = rnd.nextInt(10) < 6 ? 0 : rnd.nextInt(30);
    j.open()
        .key("reviewerID")
        .str(
            "A"
                + Long.toString(Math.abs(rnd.nextLong()) % 3_000_000_000_000L, 36)
                    .toUpperCase(Locale.ROOT))
        .key("asin")
        .str(String.format(Locale.ROOT, "B00%07d", rnd.nextInt(10_000_000)));
    if (rnd.nextInt(20) != 0) {
      j.key("reviewerName").str(text(1, 2));
    }
    j.key("helpful").arr().num(total == 0 ? 0 : rnd.nextInt(total + 1)).num(total).closeArr();
    j.key("reviewText")
        .str(text(10, 120))
        .key("overall")
        .raw((1 + rnd.nextInt(5)) + ".0")
        .key("summary")
        .str(text(1, 6));
    j.key("unixReviewTime").num(t.getEpochSecond()).key("reviewTime").str(REVIEW_TIME.format(t));
    j.close();
  }

  private String sha() {
    return String.format(
        Locale.ROOT, "%016x%016x%08x", rnd.nextLong(), rnd.nextLong(), rnd.nextInt());
  }
}
