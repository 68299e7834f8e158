// Sudoku puzzles, one a line, in Gecode, for comparison with the `sudoku`
// example (examples/sudoku.rs). Reads every puzzle first (81 characters,
// digits 1-9 for givens and `.` or `0` for blanks; blank lines skipped),
// then solves them one after the other in the same process and prints each
// solution as a line of 81 digits, in input order, or `no solution`, as
// the example does. Totals of the search statistics go to standard error.
//
// The model: a variable per cell with domain 1..9, the givens fixed, one
// `distinct` per row, column and box (27). The cell with the fewest
// candidates left is branched on next (ties: the first in row order),
// smallest digit first: the example's default order. Depth-first search,
// first solution.
//
// `--ipl val` (the default; Gecode's default propagation for `distinct`)
// removes a placed digit from the cell's units: what the example's
// `--rules lines` does. `--ipl dom` narrows each `distinct` to domain
// consistency (a matching, Regin's algorithm): what the example's
// `--rules all-different` does. The example's default, `--rules places`,
// lies between: a digit with one place left in a unit goes there (hidden
// singles), which `distinct` at value propagation does not see.
//
// Build (one command): g++ -O2 -std=c++17 sudoku.cpp -o sudoku
//          -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport
// Run:   sudoku [--ipl val|bnd|dom] FILE

#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

using namespace Gecode;

namespace {

class Sudoku : public Space {
  protected:
    IntVarArray x;

  public:
    Sudoku(const std::string& puzzle, IntPropLevel ipl) : x(*this, 81, 1, 9) {
        for (int i = 0; i < 81; i++) {
            const char ch = puzzle[i];
            if (ch >= '1' && ch <= '9') {
                rel(*this, x[i], IRT_EQ, ch - '0');
            }
        }
        Matrix<IntVarArray> m(x, 9, 9);
        for (int k = 0; k < 9; k++) {
            distinct(*this, m.row(k), ipl);
            distinct(*this, m.col(k), ipl);
        }
        for (int r = 0; r < 9; r += 3) {
            for (int c = 0; c < 9; c += 3) {
                distinct(*this, m.slice(c, c + 3, r, r + 3), ipl);
            }
        }
        branch(*this, x, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
    }

    Sudoku(Sudoku& s) : Space(s) { x.update(*this, s.x); }

    Space* copy() override { return new Sudoku(*this); }

    std::string line() const {
        std::string text;
        for (int i = 0; i < 81; i++) {
            text += static_cast<char>('0' + x[i].val());
        }
        return text;
    }
};

bool valid_line(const std::string& line) {
    if (line.size() != 81) {
        return false;
    }
    for (char ch : line) {
        if (!(ch == '.' || (ch >= '0' && ch <= '9'))) {
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    IntPropLevel ipl = IPL_DEF;
    const char* path = nullptr;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--ipl") == 0 && i + 1 < argc) {
            const std::string level = argv[++i];
            if (level == "val") {
                ipl = IPL_VAL;
            } else if (level == "bnd") {
                ipl = IPL_BND;
            } else if (level == "dom") {
                ipl = IPL_DOM;
            } else {
                std::fprintf(stderr, "sudoku: --ipl takes val, bnd or dom, not `%s`\n", level.c_str());
                return 2;
            }
        } else if (path == nullptr && argv[i][0] != '-') {
            path = argv[i];
        } else {
            std::fprintf(stderr, "usage: sudoku [--ipl val|bnd|dom] FILE\n");
            return 2;
        }
    }
    if (path == nullptr) {
        std::fprintf(stderr, "usage: sudoku [--ipl val|bnd|dom] FILE\n");
        return 2;
    }
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "sudoku: cannot read %s\n", path);
        return 2;
    }
    std::vector<std::string> puzzles;
    std::string line;
    for (int number = 1; std::getline(in, line); number++) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
            line.pop_back();
        }
        if (line.empty()) {
            continue;
        }
        if (!valid_line(line)) {
            std::fprintf(stderr, "sudoku: line %d is not a 9 x 9 puzzle\n", number);
            return 2;
        }
        puzzles.push_back(line);
    }
    Search::Options options;
    options.threads = 1;
    unsigned long long nodes = 0, failures = 0;
    for (const std::string& puzzle : puzzles) {
        Sudoku* root = new Sudoku(puzzle, ipl);
        DFS<Sudoku> engine(root, options);
        delete root;
        if (Sudoku* s = engine.next()) {
            std::cout << s->line() << "\n";
            delete s;
        } else {
            std::cout << "no solution\n";
        }
        const Search::Statistics stats = engine.statistics();
        nodes += stats.node;
        failures += stats.fail;
    }
    std::cerr << "total: " << puzzles.size() << " puzzles, nodes: " << nodes << ", failures: " << failures << "\n";
    return 0;
}
