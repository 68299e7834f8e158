// The fewest queens that dominate an N x N board, in Gecode, for
// comparison with the `queens_domination` example
// (examples/queens_domination.rs). Prints what the example prints:
//
//     queens 5 (optimal)
//     Q . . . . . . .
//     ...
//
// and the search statistics on standard error.
//
// The model is the example's: a 0/1 variable per square, row by row; for
// every square, a clause "some square that covers it (its row, column and
// diagonals, itself included) holds a queen"; the number of queens
// minimised by branch and bound. Squares are branched on in row order,
// "no queen" first.
//
// Where it differs: the clause's unit propagation is what the example's
// `dominated` narrowing does (the last square that can cover a square
// gets a queen); the count is a linear sum with bounds propagation, as the
// example's objective, which empties every free square once the bound is
// reached. Gecode copies the space at choice points (recomputation
// distance 8, its default) where the example undoes.
//
// Build (one command): g++ -O2 -std=c++17 queens_domination.cpp -o queens_domination
//          -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport
// Run:   queens_domination 8

#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include <cstdio>
#include <cstdlib>
#include <iostream>

using namespace Gecode;

namespace {

class Domination : public IntMinimizeSpace {
  protected:
    int n;
    BoolVarArray q;
    IntVar queens;

  public:
    explicit Domination(int side) : n(side), q(*this, side * side, 0, 1), queens(*this, 0, side * side) {
        for (int s = 0; s < n * n; s++) {
            const int r = s / n, c = s % n;
            BoolVarArgs covers;
            for (int t = 0; t < n * n; t++) {
                const int u = t / n, v = t % n;
                if (u == r || v == c || u + c == r + v || u + v == r + c) {
                    covers << q[t];
                }
            }
            rel(*this, BOT_OR, covers, 1);
        }
        linear(*this, q, IRT_EQ, queens);
        branch(*this, q, BOOL_VAR_NONE(), BOOL_VAL_MIN());
    }

    Domination(Domination& s) : IntMinimizeSpace(s), n(s.n) {
        q.update(*this, s.q);
        queens.update(*this, s.queens);
    }

    Space* copy() override { return new Domination(*this); }

    IntVar cost() const override { return queens; }

    void print(std::ostream& os) const {
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                os << (c ? " " : "") << (q[r * n + c].val() ? "Q" : ".");
            }
            os << "\n";
        }
    }
};

} // namespace

int main(int argc, char** argv) {
    if (argc != 2 || std::atoi(argv[1]) < 1 || std::atoi(argv[1]) > 20) {
        std::fprintf(stderr, "usage: queens_domination N   (1 <= N <= 20)\n");
        return 2;
    }
    Domination* root = new Domination(std::atoi(argv[1]));
    Search::Options options;
    options.threads = 1;
    BAB<Domination> engine(root, options);
    delete root;
    Domination* best = nullptr;
    while (Domination* s = engine.next()) {
        delete best;
        best = s;
    }
    if (best == nullptr) {
        std::fprintf(stderr, "queens_domination: no board found\n");
        return 1;
    }
    std::cout << "queens " << best->cost().val() << " (optimal)\n";
    best->print(std::cout);
    const Search::Statistics stats = engine.statistics();
    std::cerr << "nodes: " << stats.node << ", failures: " << stats.fail << "\n";
    delete best;
    return 0;
}
