//! The trace as a web page (`Trace::html`): its bytes for 4-queens as a
//! snapshot, its data and escaping, the examples' `--trace-format html`,
//! and, in a real browser (headless Chromium), the board, the event and
//! the highlighted node at several steps, against the text trace.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::{
    NORVIG_PUZZLE, assert_bad_input, assert_rejected, run_ok, run_with_input, tool_present,
};
use backtracker::constraints::{Predicate, Values};
use backtracker::trace::{HtmlView, Mark, Trace};
use backtracker::{ModelBuilder, StopReason};
use backtracker_puzzles::coloring::australia;
use backtracker_puzzles::nqueens;

/// The view the `nqueens` example draws its page with.
fn queens_view(n: usize) -> HtmlView<'static> {
    HtmlView::grid(n, n, |row, col, _| Some(Mark::new(row, col, "Q")))
        .expect("a small board")
        .title(format!("{n}-queens"))
}

/// The whole 4-queens search: its text trace and its page.
fn nqueens_4() -> (String, String) {
    let mut model = nqueens(4).unwrap();
    let mut trace = Trace::new();
    let outcome = model.search().symmetry(false).observer(&mut trace).count();
    assert_eq!(outcome.stop, StopReason::Completed);
    (
        trace.text(&outcome.stats, &outcome.stop),
        trace.html(&outcome.stats, &outcome.stop, &queens_view(4)),
    )
}

/// The event lines of a text trace, without their indentation.
fn event_lines(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|l| *l != "--")
        .map(str::trim_start)
        .collect()
}

/// The lines of the page's data that are events (`[kind,depth,...]`).
fn data_events(page: &str) -> Vec<&str> {
    let data = &page[page.find("\"events\":[\n").expect("events") + 11..];
    data.lines().take_while(|l| l.starts_with('[')).collect()
}

#[test]
fn nqueens_4_page() {
    let (text, page) = nqueens_4();
    assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n"));
    assert!(page.ends_with("</html>\n"));
    assert!(page.contains("<title>4-queens: the search, step by step</title>"));
    // One data line per event of the text trace, kinds in the same order.
    let lines = event_lines(&text);
    let events = data_events(&page);
    assert_eq!(events.len(), 78);
    assert_eq!(events.len(), lines.len());
    for (line, event) in lines.iter().zip(&events) {
        let kind = if line.starts_with("solution ") {
            "[3,"
        } else if line.contains("  rejected by ") {
            "[1,"
        } else if line.ends_with("  undone") {
            "[2,"
        } else {
            "[0,"
        };
        assert!(event.starts_with(kind), "{line:?} is {event:?}");
    }
    assert!(page.contains("\"grid\":[4,4,0,0],"));
    // The statistics footer of the text trace.
    let footer = &text[text.find("--\n").unwrap() + 3..];
    assert!(page.contains(&format!("<pre id=\"footer\">{footer}</pre>")));
    assert!(!page.contains("Truncated"));
    insta::assert_snapshot!("nqueens_4_page", page);
}

#[test]
fn page_is_deterministic_and_fetches_nothing() {
    let (_, page) = nqueens_4();
    assert_eq!(page, nqueens_4().1, "the same trace gives the same bytes");
    // The only address is the SVG namespace, which is a name, not a fetch.
    assert_eq!(page.matches("http").count(), 1);
    assert!(page.contains("xmlns=\"http://www.w3.org/2000/svg\""));
    for fetch in [
        "src=", "href=", "url(", "@import", "fetch(", "XMLHttp", "import(",
    ] {
        assert!(!page.contains(fetch), "the page holds {fetch:?}");
    }
    assert_eq!(
        page.matches("<script").count(),
        2,
        "the data and the script"
    );
    assert_eq!(page.matches("<style>").count(), 1);
}

#[test]
fn names_values_and_title_cannot_break_out_of_the_page() {
    let mut b = ModelBuilder::new();
    let x = b.variable("</script><b>\"x\" & 'y'", ["<i>", "</script>"]);
    let mut model = b
        .build((Predicate::new("no <i>", [x], |v: &Values<'_, &str>| {
            v[0] != "<i>"
        }),))
        .unwrap();
    let mut trace = Trace::new();
    let outcome = model.search().symmetry(false).observer(&mut trace).count();
    assert_eq!(outcome.value, 1);
    let view = HtmlView::rows().title("</title><script>alert(1)</script>");
    let page = trace.html(&outcome.stats, &outcome.stop, &view);
    // The two script elements are closed once each, and nothing else is.
    assert_eq!(page.matches("</script>").count(), 2);
    assert_eq!(page.matches("<script").count(), 2);
    assert!(page.contains(
        "<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;: the search, step by step</title>"
    ));
    assert!(
        page.contains("\"vars\":[\"\\u003c/script\\u003e\\u003cb\\u003e\\\"x\\\" \\u0026 'y'\"],")
    );
    assert!(page.contains("rejected by no &lt;i&gt;: 1"));
    assert!(page.contains("[0,\"no \\u003ci\\u003e\",\"rejected by no \\u003ci\\u003e\"]"));
}

#[test]
fn truncated_page_holds_the_event_limit_and_says_so() {
    let mut model = nqueens(8).unwrap();
    let mut trace = Trace::new().event_limit(25);
    let outcome = model.search().symmetry(false).observer(&mut trace).count();
    assert!(trace.is_truncated());
    let page = trace.html(&outcome.stats, &outcome.stop, &queens_view(8));
    assert_eq!(data_events(&page).len(), 25);
    assert!(page.contains(
        "Truncated: the trace holds only the first 25 events (its event limit), and the search stopped there."
    ));
    assert!(page.contains("stop: stopped\n</pre>"));
}

#[test]
fn marks_outside_the_grid_are_not_drawn() {
    let mut model = nqueens(4).unwrap();
    let mut trace = Trace::new();
    let outcome = model.search().symmetry(false).observer(&mut trace).count();
    // Only rows 0 and 1 fit on a 2 x 4 board, and row 1 is not drawn.
    let view = HtmlView::grid(2, 4, |row, col, _| {
        (row != 1).then(|| Mark::new(row, col, "Q"))
    })
    .expect("a small board");
    let page = trace.html(&outcome.stats, &outcome.stop, &view);
    assert!(page.contains("\"steps\":[\n[0,\"0\",0,\"Q\"],\n[1,\"0\",-1,\"\"],"));
    assert!(
        page.contains("[2,\"0\",-1,\"\"]"),
        "row 2 falls off the board"
    );
    assert!(page.contains("<title>Search tree: the search, step by step</title>"));
}

// ------------------------------------------------------------- the examples

#[test]
fn nqueens_prints_the_page_of_the_library() {
    let page = run_ok("nqueens", &["4", "--trace", "--trace-format", "html"]);
    assert_eq!(page, nqueens_4().1);
    let first = run_ok(
        "nqueens",
        &["4", "--trace", "--trace-format", "html", "--first"],
    );
    assert!(first.contains("[3,4,1]\n]}"), "ends at the first solution");
    assert!(first.contains("stop: stopped\n</pre>"));
    let limited = run_ok(
        "nqueens",
        &[
            "6",
            "--trace",
            "--trace-format",
            "html",
            "--trace-limit",
            "7",
        ],
    );
    assert_eq!(data_events(&limited).len(), 7);
    assert!(limited.contains("Truncated"));
    assert_bad_input("nqueens", &["4", "--trace-format", "html"], "--trace");
}

#[test]
fn map_coloring_page_lists_the_regions() {
    let page = run_ok("map_coloring", &["--trace", "--trace-format", "html"]);
    assert!(page.contains("\"vars\":[\"WA\",\"NT\",\"SA\",\"Q\",\"NSW\",\"V\",\"T\"],"));
    assert!(page.contains("\"grid\":null,"));
    let text = run_ok("map_coloring", &["--trace"]);
    assert_eq!(
        text,
        run_ok("map_coloring", &["--trace", "--trace-format", "text"])
    );
    assert_eq!(data_events(&page).len(), event_lines(&text).len());
    let dot = run_ok("map_coloring", &["--trace", "--trace-format", "dot"]);
    assert!(dot.starts_with("digraph search {\n"));
    assert_bad_input("map_coloring", &["--trace-format", "html"], "--trace");
}

#[test]
fn sudoku_traces_one_puzzle_up_to_its_solution() {
    let input = format!("{NORVIG_PUZZLE}\n");
    let text = run_with_input("sudoku", &["--trace"], &input);
    assert_eq!(text.code, Some(0), "{text:?}");
    let lines = event_lines(&text.stdout);
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("solution ")).count(),
        1
    );
    assert_eq!(lines.last(), Some(&"solution 1"));
    assert!(text.stdout.ends_with("stop: stopped\n"));
    let page = run_with_input("sudoku", &["--trace", "--trace-format", "html"], &input);
    assert_eq!(page.code, Some(0), "{page:?}");
    assert!(page.stdout.contains("\"grid\":[9,9,3,3],"));
    assert_eq!(data_events(&page.stdout).len(), lines.len());
    // Cell r1c1 holds the given 4: variable 0, in the top left cell.
    assert!(page.stdout.contains("[0,\"4\",0,\"4\"]"));
    let two = format!("{NORVIG_PUZZLE}\n{NORVIG_PUZZLE}\n");
    assert_rejected(
        &run_with_input("sudoku", &["--trace"], &two),
        "--trace shows one puzzle, and the input holds 2",
    );
    assert_rejected(
        &run_with_input("sudoku", &["--trace", "--count"], &input),
        "--count",
    );
    assert_rejected(
        &run_with_input("sudoku", &["--trace-format", "html"], &input),
        "--trace",
    );
}

#[test]
fn knights_tour_page_numbers_the_moves() {
    let text = run_ok("knights_tour", &["5", "--trace"]);
    assert!(text.starts_with("move 1 = 0\n"));
    assert!(text.contains("solution 1\n--\n"));
    let page = run_ok("knights_tour", &["5", "--trace", "--trace-format", "html"]);
    assert!(page.contains("\"grid\":[5,5,0,0],"));
    // Move 1 on square 0 (the top left), labelled 1.
    assert!(page.contains("\"steps\":[\n[0,\"0\",0,\"1\"],"));
    assert_eq!(data_events(&page).len(), event_lines(&text).len());
    assert_bad_input("knights_tour", &["5", "--trace", "--count"], "--count");
}

// ------------------------------------------------------------- in a browser

/// Headless Chromium, if there is one: `$CHROMIUM`, or the first of the
/// usual names on the path. Under `CI=true` a missing browser fails the
/// test; elsewhere the browser tests are skipped with a note.
fn chromium() -> Option<PathBuf> {
    let named = std::env::var_os("CHROMIUM").map(PathBuf::from);
    let found = named.or_else(|| {
        let path = std::env::var_os("PATH")?;
        [
            "chromium",
            "chromium-browser",
            "google-chrome",
            "google-chrome-stable",
        ]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
    });
    let present = tool_present(
        found.is_some(),
        "Chromium",
        "set CHROMIUM to its path; .ci/run installs the package chromium",
    );
    found.filter(|_| present)
}

/// The DOM of `page` (a file) at `#step=step`, after its scripts ran, as
/// headless Chromium prints it.
fn dom_at(browser: &Path, page: &Path, step: &str) -> String {
    let profile = tempfile::tempdir().expect("a profile directory");
    let url = format!("file://{}#step={step}", page.display());
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(&url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Chromium starts");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut dom = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut dom).map(|_| dom)
    });
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        if child.try_wait().expect("Chromium runs").is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Chromium did not finish with {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let dom = reader.join().expect("reader").expect("UTF-8 DOM");
    assert!(
        dom.contains("id=\"app\""),
        "no page in the DOM of {url}:\n{dom}"
    );
    dom
}

/// The value of attribute `name` in the opening tag `tag`.
fn attr(tag: &str, name: &str) -> Option<String> {
    let tag = format!(" {tag}");
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(tag[start..start + len].to_owned())
}

/// The opening tags of the elements `<name ...>` and the text right after
/// each (up to the next tag).
fn elements<'a>(dom: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    dom.split(&format!("<{name} "))
        .skip(1)
        .map(|rest| {
            let end = rest.find('>').expect("a closed tag");
            let text = &rest[end + 1..];
            (&rest[..end], &text[..text.find('<').unwrap_or(text.len())])
        })
        .collect()
}

/// The part of the DOM from `start` to the next `end` (the board, the
/// tree: the script's own text holds tags too).
fn part<'a>(dom: &'a str, start: &str, end: &str) -> &'a str {
    let from = dom
        .find(start)
        .unwrap_or_else(|| panic!("{start} in the DOM"));
    let len = dom[from..].find(end).expect("the end of the part");
    &dom[from..from + len]
}

/// The cells of the board.
fn board_cells(dom: &str) -> Vec<(&str, &str)> {
    elements(part(dom, "<div id=\"board\"", "</div>"), "td")
}

/// The one element with `id`: its opening tag and text.
fn by_id<'a>(dom: &'a str, name: &str, id: &str) -> (&'a str, &'a str) {
    let found: Vec<_> = elements(dom, name)
        .into_iter()
        .filter(|(tag, _)| attr(tag, "id").as_deref() == Some(id))
        .collect();
    assert_eq!(found.len(), 1, "one <{name} id={id}>");
    found[0]
}

fn has_class(tag: &str, class: &str) -> bool {
    attr(tag, "class").is_some_and(|c| c.split_whitespace().any(|c| c == class))
}

/// `row R = C` as (R, C).
fn queen(step: &str) -> (usize, usize) {
    let (row, col) = step
        .strip_prefix("row ")
        .and_then(|s| s.split_once(" = "))
        .expect("row R = C");
    (row.parse().unwrap(), col.parse().unwrap())
}

/// What the page must show after event `k` of the 4-queens trace, from the
/// text alone: the queens on the board, the event's line, and the event
/// numbers of the steps assigned then.
struct Expected<'a> {
    queens: BTreeSet<(usize, usize)>,
    line: &'a str,
    assigned: Vec<usize>,
}

fn expected<'a>(lines: &[&'a str], k: usize) -> Expected<'a> {
    let mut stack: Vec<(usize, &str)> = Vec::new();
    for (i, line) in lines[..k].iter().enumerate() {
        if line.ends_with("  undone") {
            let (_, step) = stack.pop().expect("an assigned step");
            assert_eq!(format!("{step}  undone"), *line);
        } else if !line.contains("  rejected by ") && !line.starts_with("solution ") {
            stack.push((i + 1, line));
        }
    }
    Expected {
        queens: stack.iter().map(|(_, step)| queen(step)).collect(),
        line: if k == 0 {
            "start: nothing assigned"
        } else {
            lines[k - 1]
        },
        assigned: stack.iter().map(|(i, _)| *i).collect(),
    }
}

/// Checks the DOM of the 4-queens page at step `k` against the text trace.
fn check_queens_step(dom: &str, lines: &[&str], k: usize) {
    let want = expected(lines, k);
    let (app, _) = by_id(dom, "main", "app");
    assert_eq!(attr(app, "data-step"), Some(k.to_string()));
    let (event, said) = by_id(dom, "p", "event");
    assert_eq!(said, want.line, "the words of step {k}");
    assert_eq!(attr(event, "data-step"), Some(k.to_string()));
    // The board: a queen on each assigned step's square, and nothing else.
    let cells = board_cells(dom);
    assert_eq!(cells.len(), 16);
    let at = |tag: &str| {
        let n = |a| {
            attr(tag, a)
                .expect("data-r, data-c")
                .parse::<usize>()
                .unwrap()
        };
        (n("data-r"), n("data-c"))
    };
    let queens: BTreeSet<_> = cells
        .iter()
        .filter(|(_, text)| *text == "Q")
        .map(|(tag, _)| at(tag))
        .collect();
    assert_eq!(queens, want.queens, "the queens at step {k}");
    assert!(
        cells
            .iter()
            .all(|(_, text)| text.is_empty() || *text == "Q")
    );
    // The square of the current step says what happened to it.
    let marked = |class: &str| -> Vec<(usize, usize)> {
        cells
            .iter()
            .filter(|(tag, _)| has_class(tag, class))
            .map(|(tag, _)| at(tag))
            .collect()
    };
    let step = want.line.split("  ").next().unwrap();
    if want.line.contains("  rejected by ") {
        assert_eq!(marked("rejected"), [queen(step)], "step {k}");
    } else if want.line.ends_with("  undone") {
        assert_eq!(marked("undone"), [queen(step)], "step {k}");
    } else if want.line.starts_with("solution ") {
        let solution: Vec<_> = want.queens.iter().copied().collect();
        assert_eq!(marked("solution"), solution, "step {k}");
    } else if k > 0 {
        assert_eq!(marked("new"), [queen(step)], "step {k}");
    }
    // The tree: every node of an event up to k is drawn as seen, later
    // ones as future; the steps assigned are on the path; one node is
    // the current one: the event's own, or for `undone` the step's.
    let nodes: Vec<&str> = elements(part(dom, "<svg id=\"tree\"", "</svg>"), "g")
        .into_iter()
        .map(|(tag, _)| tag)
        .filter(|tag| has_class(tag, "node"))
        .collect();
    assert_eq!(
        nodes.len(),
        1 + lines.len() - want_undone(lines),
        "all shown"
    );
    for tag in &nodes {
        let event: usize = attr(tag, "data-step").unwrap().parse().unwrap();
        assert_eq!(has_class(tag, "future"), event > k, "{tag} at step {k}");
    }
    let on: Vec<String> = nodes
        .iter()
        .filter(|tag| has_class(tag, "on"))
        .map(|tag| attr(tag, "id").unwrap())
        .collect();
    let mut path = vec!["root".to_owned()];
    path.extend(want.assigned.iter().map(|i| format!("n{}", i - 1)));
    let mut on_sorted = on.clone();
    on_sorted.sort();
    path.sort();
    assert_eq!(on_sorted, path, "the path at step {k}");
    let current: Vec<&&str> = nodes
        .iter()
        .filter(|tag| has_class(tag, "current"))
        .collect();
    if k == 0 {
        assert!(current.is_empty());
        return;
    }
    assert_eq!(current.len(), 1, "one current node at step {k}");
    let node_step: usize = attr(current[0], "data-step").unwrap().parse().unwrap();
    if want.line.ends_with("  undone") {
        assert_eq!(lines[node_step - 1], step, "step {k} undoes {step}");
        assert!(node_step < k);
    } else {
        assert_eq!(node_step, k);
        assert_eq!(attr(current[0], "id"), Some(format!("n{}", k - 1)));
    }
}

fn want_undone(lines: &[&str]) -> usize {
    lines.iter().filter(|l| l.ends_with("  undone")).count()
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn browser_replays_nqueens_4_like_the_text_trace() {
    let Some(browser) = chromium() else { return };
    let (text, page) = nqueens_4();
    let lines = event_lines(&text);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nqueens4.html");
    std::fs::write(&file, &page).unwrap();
    let first_solution = lines.iter().position(|l| *l == "solution 1").unwrap() + 1;
    // The start, a step, rejections, an undone step, a step deep in the
    // tree, the first solution, and the last event.
    let steps = [0, 1, 2, 9, 12, 17, first_solution, lines.len()];
    std::thread::scope(|scope| {
        let runs: Vec<_> = steps
            .iter()
            .map(|&k| {
                let (browser, file) = (&browser, &file);
                (
                    k,
                    scope.spawn(move || dom_at(browser, file, &k.to_string())),
                )
            })
            .collect();
        for (k, run) in runs {
            let dom = run.join().expect("a DOM");
            check_queens_step(&dom, &lines, k);
        }
    });
    // Past the end: the last step; not a number: the start.
    let dom = dom_at(&browser, &file, "1000");
    check_queens_step(&dom, &lines, lines.len());
    let dom = dom_at(&browser, &file, "x");
    check_queens_step(&dom, &lines, 0);
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn browser_shows_name_value_rows_without_a_grid() {
    let Some(browser) = chromium() else { return };
    let mut model = australia();
    let mut trace = Trace::new();
    let outcome = model.search().symmetry(false).observer(&mut trace).count();
    let text = trace.text(&outcome.stats, &outcome.stop);
    let page = trace.html(&outcome.stats, &outcome.stop, &HtmlView::rows());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("australia.html");
    std::fs::write(&file, &page).unwrap();
    let lines = event_lines(&text);
    // The first solution: every region has its colour.
    let k = lines.iter().position(|l| *l == "solution 1").unwrap() + 1;
    let dom = dom_at(&browser, &file, &k.to_string());
    let (_, said) = by_id(&dom, "p", "event");
    assert_eq!(said, "solution 1");
    let values: Vec<(String, &str)> = board_cells(&dom)
        .into_iter()
        .map(|(tag, text)| (attr(tag, "data-var").unwrap(), text))
        .collect();
    let first = model.search().first().value.unwrap();
    let want: Vec<(String, &str)> = first
        .iter()
        .enumerate()
        .map(|(i, colour)| (i.to_string(), *colour))
        .collect();
    assert_eq!(values, want);
    // A step later: rejected or undone, the row of its region says so.
    let dom = dom_at(&browser, &file, &(k + 1).to_string());
    let (_, said) = by_id(&dom, "p", "event");
    assert_eq!(said, lines[k]);
    let name = lines[k].split(" = ").next().unwrap();
    let var = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
        .iter()
        .position(|r| *r == name)
        .unwrap();
    let row = board_cells(&dom)
        .into_iter()
        .find(|(tag, _)| attr(tag, "data-var") == Some(var.to_string()))
        .unwrap();
    assert!(
        has_class(row.0, "rejected") || has_class(row.0, "undone"),
        "{row:?}"
    );
    assert!(row.1.is_empty(), "{name} has no value after {}", lines[k]);
}

/// A knapsack maximised by branch and bound (items of weight 3, 4 and 5
/// worth 4, 5 and 7 in a bag of 8: the best is 11, by hand), traced: its
/// text trace and its page.
fn knapsack_page() -> (String, String) {
    let (mut model, goal) = crate::support::bag();
    let mut trace = Trace::new();
    let outcome = model.search().observer(&mut trace).maximize(&goal);
    assert_eq!(outcome.value.best.map(|b| b.cost), Some(11));
    (
        trace.text(&outcome.stats, &outcome.stop),
        trace.html(&outcome.stats, &outcome.stop, &HtmlView::rows()),
    )
}

#[test]
fn a_branch_and_bound_page_carries_each_solution_cost() {
    let (text, page) = knapsack_page();
    // Each solution line of the text trace names its cost, rising to 11,
    // and the page's solution events carry the same costs.
    let costs: Vec<&str> = event_lines(&text)
        .into_iter()
        .filter_map(|l| l.strip_prefix("solution "))
        .map(|l| l.split("  cost ").nth(1).expect("a cost"))
        .collect();
    assert_eq!(costs.last(), Some(&"11"), "{text}");
    let carried: Vec<&str> = data_events(&page)
        .into_iter()
        .filter(|e| e.starts_with("[3,"))
        .map(|e| {
            e.trim_end_matches(',')
                .trim_end_matches(']')
                .rsplit(',')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(carried, costs);
    assert!(page.contains("<p id=\"best\" aria-live=\"polite\">best so far: none</p>"));
    // A count has no costs, and no best.
    let (_, plain) = nqueens_4();
    assert!(!plain.contains("id=\"best\""));
}

#[test]
#[ignore = "extended run: `cargo test --tests -- --ignored`"]
fn browser_shows_the_best_solution_so_far() {
    let Some(browser) = chromium() else { return };
    let (text, page) = knapsack_page();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("knapsack.html");
    std::fs::write(&file, &page).unwrap();
    let lines = event_lines(&text);
    let solutions: Vec<(usize, &str)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| Some((i + 1, l.strip_prefix("solution ")?.split("  cost ").nth(1)?)))
        .collect();
    assert!(solutions.len() >= 2, "{text}");
    // Before the first solution: none; at each solution and the step
    // before the next: its cost.
    let dom = dom_at(&browser, &file, &(solutions[0].0 - 1).to_string());
    assert_eq!(by_id(&dom, "p", "best").1, "best so far: none");
    for (i, &(k, cost)) in solutions.iter().enumerate() {
        let dom = dom_at(&browser, &file, &k.to_string());
        assert_eq!(
            by_id(&dom, "p", "best").1,
            format!("best so far: cost {cost}")
        );
        let until = solutions
            .get(i + 1)
            .map_or(lines.len(), |&(next, _)| next - 1);
        let dom = dom_at(&browser, &file, &until.to_string());
        assert_eq!(
            by_id(&dom, "p", "best").1,
            format!("best so far: cost {cost}")
        );
    }
}
