// The chromatic number of a graph in DIMACS `.col` format, in Gecode, for
// comparison with `coloring --chromatic` (examples/coloring.rs,
// `puzzles::coloring::chromatic_number`). Prints the number of colours on
// a line, as the example does, and the search statistics on standard
// error.
//
// The model, as close to the example's as Gecode allows:
// - a variable per vertex, colours 0..U-1, U the colours of a greedy
//   colouring (vertices by decreasing degree, each the smallest colour
//   its neighbours leave free): the example's upper bound;
// - a maximum clique's vertices get colours 0, 1, ..., in increasing
//   vertex order, and its size is the lower bound on the colours;
// - neighbours differ (`rel` IRT_NQ per edge);
// - a `distinct` per clique of a cover of the edges by largest cliques
//   (each edge not yet covered, in file order, grown into a largest clique
//   of its ends' common neighbours), for the cliques of at least three
//   vertices and at most two fewer than the maximum clique. The cliques
//   are found by the example's own steps (smallest-last order, Tomita and
//   Seki's colouring bound, the same tie-breaks), so they are the same
//   cliques. The example narrows these by matching (domain consistency):
//   `--ipl dom`, the default here; `--ipl val` is Gecode's own default;
// - the vertex with the fewest colours left is branched on next, ties
//   broken as the example does (the most constraint neighbours, counted
//   as the example counts them, then the lowest vertex), smallest colour
//   first;
// - the colours above the clique's are interchangeable: `--symmetry
//   precede` (the default with branch and bound) posts value precedence
//   in vertex order; `--symmetry ldsb` declares them a value symmetry to
//   Gecode's LDSB, which breaks it during search, a vertex taking a colour
//   already used or one fresh colour, as the example does (the default
//   with `--search ascend`); `--symmetry none` neither.
//
// Where it differs: the example tries K = clique size, clique size + 1,
// ... colours in turn, each a search for a first colouring, and stops at
// the first K that has one (`--search ascend` does that here). By default
// this program runs one branch-and-bound search instead (`--search bab`),
// minimising the largest colour, the number of colours less one: each
// colouring found bounds the next, and the last search proves that one
// colour fewer is impossible. With K colours and a clique of K vertices
// pinned no colour is free, so the symmetry breaking plays no part in the
// proof that decides a queen graph whose chromatic number exceeds its
// clique (queen8_8: 8 colours fail, 9 succeed).
//
// Build (one command): g++ -O2 -std=c++17 coloring.cpp -o coloring
//          -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport
// Run:   coloring [--search bab|ascend] [--ipl val|dom] [--symmetry ldsb|precede|none] FILE

#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace Gecode;

namespace {

// A simple undirected graph, vertices 0..n-1.
struct Graph {
    int n = 0;
    std::vector<std::pair<int, int>> edges;  // each once, smaller end first, in file order
    std::vector<std::vector<bool>> adjacent;
    std::vector<std::vector<int>> neighbours;

    int degree(int v) const { return static_cast<int>(neighbours[v].size()); }
};

bool read_dimacs(const char* path, Graph& g) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "coloring: cannot read %s\n", path);
        return false;
    }
    std::string line;
    bool problem = false;
    for (int number = 1; std::getline(in, line); number++) {
        std::istringstream words(line);
        std::string kind;
        if (!(words >> kind) || kind == "c") {
            continue;
        }
        if (kind == "p") {
            std::string format;
            int e = 0;
            if (!(words >> format >> g.n >> e) || g.n < 0) {
                std::fprintf(stderr, "coloring: line %d: bad problem line\n", number);
                return false;
            }
            g.adjacent.assign(g.n, std::vector<bool>(g.n, false));
            g.neighbours.assign(g.n, {});
            problem = true;
        } else if (kind == "e") {
            int u = 0, v = 0;
            if (!problem || !(words >> u >> v) || u < 1 || v < 1 || u > g.n || v > g.n || u == v) {
                std::fprintf(stderr, "coloring: line %d: bad edge\n", number);
                return false;
            }
            u--;
            v--;
            if (!g.adjacent[u][v]) {
                g.adjacent[u][v] = g.adjacent[v][u] = true;
                g.neighbours[u].push_back(v);
                g.neighbours[v].push_back(u);
                g.edges.emplace_back(std::min(u, v), std::max(u, v));
            }
        } else {
            std::fprintf(stderr, "coloring: line %d: unknown line\n", number);
            return false;
        }
    }
    if (!problem) {
        std::fprintf(stderr, "coloring: no problem line\n");
    }
    return problem;
}

// Cliques as the example finds them (puzzles/src/coloring/clique.rs, the
// same steps in the same order, so the same cliques): branch and bound
// with a greedy colouring bound (Tomita and Seki's MCQ) over adjacency
// bitsets.
using Bits = std::vector<std::uint64_t>;

bool empty(const Bits& b) {
    return std::all_of(b.begin(), b.end(), [](std::uint64_t w) { return w == 0; });
}

struct CliqueSearch {
    const std::vector<Bits>& adjacent;
    std::vector<int> clique;
    std::vector<int> best;
    bool found = false;
    size_t floor;

    // The candidates coloured greedily, colour by colour: the vertices in
    // colour order, and for each the number of its colour (from 1).
    void color_classes(const Bits& candidates, std::vector<int>& order, std::vector<size_t>& bounds) const {
        Bits uncolored = candidates;
        size_t color = 0;
        while (!empty(uncolored)) {
            color++;
            Bits free = uncolored;
            for (;;) {
                size_t wi = 0;
                while (wi < free.size() && free[wi] == 0) {
                    wi++;
                }
                if (wi == free.size()) {
                    break;
                }
                const int v = static_cast<int>(wi * 64 + __builtin_ctzll(free[wi]));
                free[wi] &= free[wi] - 1;
                for (size_t k = 0; k < free.size(); k++) {
                    free[k] &= ~adjacent[v][k];
                }
                uncolored[v / 64] &= ~(std::uint64_t{1} << (v % 64));
                order.push_back(v);
                bounds.push_back(color);
            }
        }
    }

    void expand(const Bits& candidates) {
        std::vector<int> order;
        std::vector<size_t> bounds;
        color_classes(candidates, order, bounds);
        Bits left = candidates;
        for (size_t i = order.size(); i-- > 0;) {
            if (clique.size() + bounds[i] <= floor) {
                return;
            }
            const int v = order[i];
            clique.push_back(v);
            Bits next(left.size());
            for (size_t k = 0; k < left.size(); k++) {
                next[k] = left[k] & adjacent[v][k];
            }
            if (empty(next)) {
                if (clique.size() > floor) {
                    floor = clique.size();
                    best = clique;
                    found = true;
                }
            } else {
                expand(next);
            }
            clique.pop_back();
            left[v / 64] &= ~(std::uint64_t{1} << (v % 64));
        }
    }
};

// A largest clique among `vertices` if it has more than `floor` vertices
// (in the order found, not sorted).
bool clique_within(const Graph& g, const std::vector<int>& vertices, size_t floor, std::vector<int>& out) {
    if (vertices.size() <= floor) {
        return false;
    }
    const size_t words = (vertices.size() + 63) / 64;
    std::vector<Bits> adjacent(vertices.size(), Bits(words, 0));
    for (size_t i = 0; i < vertices.size(); i++) {
        for (size_t j = i + 1; j < vertices.size(); j++) {
            if (g.adjacent[vertices[i]][vertices[j]]) {
                adjacent[i][j / 64] |= std::uint64_t{1} << (j % 64);
                adjacent[j][i / 64] |= std::uint64_t{1} << (i % 64);
            }
        }
    }
    Bits all(words, 0);
    for (size_t i = 0; i < vertices.size(); i++) {
        all[i / 64] |= std::uint64_t{1} << (i % 64);
    }
    CliqueSearch search{adjacent, {}, {}, false, floor};
    search.expand(all);
    if (!search.found) {
        return false;
    }
    out.clear();
    for (int i : search.best) {
        out.push_back(vertices[i]);
    }
    return true;
}

// The vertices in smallest-last order (ties: the lowest vertex first).
std::vector<int> smallest_last(const Graph& g) {
    std::vector<int> degree(g.n);
    using Entry = std::pair<int, int>;  // (degree, vertex)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    for (int v = 0; v < g.n; v++) {
        degree[v] = g.degree(v);
        heap.emplace(degree[v], v);
    }
    std::vector<bool> taken(g.n, false);
    std::vector<int> order;
    while (!heap.empty()) {
        const auto [d, v] = heap.top();
        heap.pop();
        if (taken[v] || d != degree[v]) {
            continue;
        }
        taken[v] = true;
        order.push_back(v);
        for (int u : g.neighbours[v]) {
            if (!taken[u]) {
                degree[u]--;
                heap.emplace(degree[u], u);
            }
        }
    }
    return order;
}

// A maximum clique, vertices increasing.
std::vector<int> max_clique(const Graph& g) {
    const std::vector<int> order = smallest_last(g);
    std::vector<int> position(g.n);
    for (size_t i = 0; i < order.size(); i++) {
        position[order[i]] = static_cast<int>(i);
    }
    std::vector<int> best;
    if (!order.empty()) {
        best.push_back(order[0]);
    }
    for (int v : order) {
        std::vector<int> later;
        for (int u : g.neighbours[v]) {
            if (position[u] > position[v]) {
                later.push_back(u);
            }
        }
        std::vector<int> found;
        if (clique_within(g, later, best.size() - 1, found)) {
            best.assign(1, v);
            best.insert(best.end(), found.begin(), found.end());
        }
    }
    std::sort(best.begin(), best.end());
    return best;
}

// Cliques that cover every edge: each edge not yet covered, in file
// order, with a largest clique of its ends' common neighbours.
std::vector<std::vector<int>> clique_cover(const Graph& g) {
    std::set<std::pair<int, int>> covered;
    std::vector<std::vector<int>> cliques;
    for (auto [u, v] : g.edges) {
        if (covered.count({u, v})) {
            continue;
        }
        const int few = g.degree(u) <= g.degree(v) ? u : v;
        const int other = few == u ? v : u;
        std::vector<int> common;
        for (int w : g.neighbours[few]) {
            if (w != other && g.adjacent[other][w]) {
                common.push_back(w);
            }
        }
        std::vector<int> clique{u, v}, found;
        if (clique_within(g, common, 0, found)) {
            clique.insert(clique.end(), found.begin(), found.end());
        }
        std::sort(clique.begin(), clique.end());
        for (size_t i = 0; i < clique.size(); i++) {
            for (size_t j = i + 1; j < clique.size(); j++) {
                covered.insert({clique[i], clique[j]});
            }
        }
        cliques.push_back(clique);
    }
    return cliques;
}

// Vertices by decreasing degree (stable), each the smallest colour free.
std::vector<int> greedy_coloring(const Graph& g) {
    std::vector<int> order(g.n);
    for (int v = 0; v < g.n; v++) {
        order[v] = v;
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return g.degree(a) > g.degree(b); });
    std::vector<int> colour(g.n, -1);
    for (int v : order) {
        std::vector<bool> taken(g.degree(v) + 1, false);
        for (int u : g.neighbours[v]) {
            if (colour[u] >= 0 && colour[u] <= g.degree(v)) {
                taken[colour[u]] = true;
            }
        }
        colour[v] = static_cast<int>(std::find(taken.begin(), taken.end(), false) - taken.begin());
    }
    return colour;
}

enum class Symmetry { Ldsb, Precede, None };

class Coloring : public IntMinimizeSpace {
  protected:
    IntVarArray x;
    IntVar top;  // the largest colour used
    // Per vertex, the example's tie-break in the variable order: the other
    // vertices it shares a constraint with, counted once per constraint
    // (src/model.rs, `degrees`); the edges' constraint spans every vertex
    // in the example, so only the cliques' `distinct`s tell vertices apart.
    IntSharedArray weight;

    static double merit(const Space& home, IntVar, int i) {
        return static_cast<const Coloring&>(home).weight[i];
    }

  public:
    // Colours 0..colours-1.
    Coloring(const Graph& g, int colours, const std::vector<int>& clique,
             const std::vector<std::vector<int>>& cliques, IntPropLevel ipl, Symmetry symmetry)
        : x(*this, g.n, 0, colours - 1),
          top(*this, std::max(0, static_cast<int>(clique.size()) - 1), std::max(0, colours - 1)) {
        for (size_t c = 0; c < clique.size(); c++) {
            rel(*this, x[clique[c]], IRT_EQ, static_cast<int>(c));
        }
        for (auto [u, v] : g.edges) {
            rel(*this, x[u], IRT_NQ, x[v]);
        }
        std::vector<int> weights(g.n, 0);
        for (const std::vector<int>& k : cliques) {
            IntVarArgs members;
            for (int v : k) {
                members << x[v];
                weights[v] += static_cast<int>(k.size()) - 1;
            }
            distinct(*this, members, ipl);
        }
        weight = IntSharedArray(IntArgs(weights));
        max(*this, x, top);
        IntArgs free_colours;
        for (int c = static_cast<int>(clique.size()); c < colours; c++) {
            free_colours << c;
        }
        auto variables = tiebreak(INT_VAR_SIZE_MIN(), INT_VAR_MERIT_MAX(&merit));
        if (symmetry == Symmetry::Ldsb && free_colours.size() > 1) {
            Symmetries symmetries;
            symmetries << ValueSymmetry(free_colours);
            branch(*this, x, variables, INT_VAL_MIN(), symmetries);
        } else {
            if (symmetry == Symmetry::Precede && free_colours.size() > 1) {
                precede(*this, x, free_colours);
            }
            branch(*this, x, variables, INT_VAL_MIN());
        }
    }

    Coloring(Coloring& s) : IntMinimizeSpace(s), weight(s.weight) {
        x.update(*this, s.x);
        top.update(*this, s.top);
    }

    Space* copy() override { return new Coloring(*this); }

    IntVar cost() const override { return top; }

    bool proper(const Graph& g) const {
        for (auto [u, v] : g.edges) {
            if (x[u].val() == x[v].val()) {
                return false;
            }
        }
        return true;
    }
};

const char* const USAGE =
    "usage: coloring [--search bab|ascend] [--ipl val|dom] [--symmetry ldsb|precede|none] FILE\n";

} // namespace

int main(int argc, char** argv) {
    IntPropLevel ipl = IPL_DOM;
    bool ascend = false;
    bool symmetry_given = false;
    Symmetry symmetry = Symmetry::Precede;
    const char* path = nullptr;
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        const std::string value = i + 1 < argc ? argv[i + 1] : "";
        if (arg == "--search" && (value == "bab" || value == "ascend")) {
            ascend = value == "ascend";
            i++;
        } else if (arg == "--ipl" && (value == "val" || value == "dom")) {
            ipl = value == "val" ? IPL_VAL : IPL_DOM;
            i++;
        } else if (arg == "--symmetry" && (value == "ldsb" || value == "precede" || value == "none")) {
            symmetry = value == "ldsb" ? Symmetry::Ldsb : value == "precede" ? Symmetry::Precede : Symmetry::None;
            symmetry_given = true;
            i++;
        } else if (path == nullptr && !arg.empty() && arg[0] != '-') {
            path = argv[i];
        } else {
            std::fputs(USAGE, stderr);
            return 2;
        }
    }
    if (path == nullptr) {
        std::fputs(USAGE, stderr);
        return 2;
    }
    if (ascend && !symmetry_given) {
        symmetry = Symmetry::Ldsb;
    }
    Graph g;
    if (!read_dimacs(path, g)) {
        return 2;
    }
    if (g.n == 0) {
        std::cout << "0\n";
        return 0;
    }
    const std::vector<int> clique = max_clique(g);
    std::vector<std::vector<int>> cliques;
    for (std::vector<int>& k : clique_cover(g)) {
        if (k.size() >= 3 && k.size() + 2 >= clique.size()) {
            cliques.push_back(std::move(k));
        }
    }
    const std::vector<int> greedy = greedy_coloring(g);
    const int upper = *std::max_element(greedy.begin(), greedy.end()) + 1;

    Search::Options options;
    options.threads = 1;
    Search::Statistics stats;
    Coloring* best = nullptr;
    if (ascend) {
        // The example's way: K = clique size, K + 1, ... below the greedy
        // bound, a first colouring with K colours each; none: greedy's.
        for (int k = static_cast<int>(clique.size()); k < upper && best == nullptr; k++) {
            Coloring* root = new Coloring(g, k, clique, cliques, ipl, symmetry);
            DFS<Coloring> engine(root, options);
            delete root;
            best = engine.next();
            stats += engine.statistics();
        }
    } else {
        Coloring* root = new Coloring(g, upper, clique, cliques, ipl, symmetry);
        BAB<Coloring> engine(root, options);
        delete root;
        while (Coloring* s = engine.next()) {
            delete best;
            best = s;
        }
        stats = engine.statistics();
    }
    // No colouring below the greedy one's: the greedy colouring stands.
    const int colours = best ? best->cost().val() + 1 : upper;
    if (best && !best->proper(g)) {
        std::fprintf(stderr, "coloring: the colouring found is not proper\n");
        return 1;
    }
    std::cout << colours << "\n";
    std::cerr << "nodes: " << stats.node << ", failures: " << stats.fail << ", greedy bound: " << upper
              << ", maximum clique: " << clique.size() << ", clique constraints: " << cliques.size() << "\n";
    delete best;
    return 0;
}
