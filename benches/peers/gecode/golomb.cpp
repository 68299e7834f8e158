// Optimal Golomb ruler with N marks, in Gecode, for comparison with the
// `golomb` example (examples/golomb.rs). Prints what the example prints:
//
//     length 55 (optimal)
//     0 1 6 10 23 26 34 41 53 55
//
// and the search statistics on standard error.
//
// The model follows the example's: one variable per mark in 0..N*N, the
// first at 0, the marks increasing, all distances between two marks
// different, marks i < j at least (j - i)(j - i + 1) / 2 apart, the first
// gap shorter than the last (mirror symmetry), the last mark minimised by
// branch and bound. Marks are branched on in order, smallest value first.
//
// Where it differs: Gecode needs a variable per distance (m[j] - m[i]) to
// post `distinct` on them; the example has none and checks the distances
// of a candidate position against the marks already placed. `distinct`
// (value propagation, Gecode's default) removes a used distance from the
// other distance variables, and the links m[j] - m[i] = d[i][j] narrow
// bounds only, so holes in a distance's domain do not reach the marks.
//
// Build (one command): g++ -O2 -std=c++17 golomb.cpp -o golomb
//          -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport
// Run:   golomb 10

#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include <cstdio>
#include <cstdlib>
#include <iostream>

using namespace Gecode;

namespace {

// The least distance between marks k places apart: k different gaps.
int least_span(int k) { return k * (k + 1) / 2; }

class Golomb : public IntMinimizeSpace {
  protected:
    IntVarArray m;

  public:
    explicit Golomb(int n) : m(*this, n, 0, n * n) {
        rel(*this, m[0], IRT_EQ, 0);
        rel(*this, m, IRT_LE);
        IntVarArgs d;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                IntVar dij(*this, least_span(j - i), n * n);
                rel(*this, m[j] - m[i] == dij);
                d << dij;
            }
        }
        distinct(*this, d);
        if (n >= 3) {
            rel(*this, m[1] - m[0] < m[n - 1] - m[n - 2]);
        }
        branch(*this, m, INT_VAR_NONE(), INT_VAL_MIN());
    }

    Golomb(Golomb& s) : IntMinimizeSpace(s) { m.update(*this, s.m); }

    Space* copy() override { return new Golomb(*this); }

    IntVar cost() const override { return m[m.size() - 1]; }

    void print(std::ostream& os) const {
        for (int i = 0; i < m.size(); i++) {
            os << (i ? " " : "") << m[i].val();
        }
        os << "\n";
    }
};

} // namespace

int main(int argc, char** argv) {
    if (argc != 2 || std::atoi(argv[1]) < 1 || std::atoi(argv[1]) > 16) {
        std::fprintf(stderr, "usage: golomb N   (1 <= N <= 16)\n");
        return 2;
    }
    const int n = std::atoi(argv[1]);
    Golomb* root = new Golomb(n);
    Search::Options options;
    options.threads = 1;
    BAB<Golomb> engine(root, options);
    delete root;
    Golomb* best = nullptr;
    while (Golomb* s = engine.next()) {
        delete best;
        best = s;
    }
    if (best == nullptr) {
        std::fprintf(stderr, "golomb: no ruler found\n");
        return 1;
    }
    std::cout << "length " << best->cost().val() << " (optimal)\n";
    best->print(std::cout);
    const Search::Statistics stats = engine.statistics();
    std::cerr << "nodes: " << stats.node << ", failures: " << stats.fail << "\n";
    delete best;
    return 0;
}
