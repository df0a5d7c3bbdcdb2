// A Fantastic Bits turn engine in C++, written the way a contest bot writer writes one: a body
// is a struct of four doubles, a state is a fixed-size struct (bodies, links, cooldowns, spells,
// ignore lists, score and magic), a copy is a struct assignment, and the collision loop
// recomputes every candidate at each step, in the referee's order (wizards 3..0: wall, goal
// posts, the wizards before it, grabs; snaffles last to first: goal posts, wall, the snaffles
// before it, the goal line; bludgers 1..0: wall, goal posts, the other bludger, every wizard,
// every snaffle), into a small array kept sorted by insertion. It follows the referee's rules
// (docs/contest-rules.md) with the same operations: squared distances against squared radii,
// the quadratic's two roots, reciprocal masses, the 1e-5 batch window, `t += step`, symmetric
// rounding to a Java int; the nearest snaffle in reach is grabbed first, Accio ends on a scored
// target, bludgers hit held and scored snaffles too, two wizards may hold one snaffle. Commands
// arrive parsed (kind, x, y, power or spell target). It is the peer of bench/fb-cpp.bench.ts:
// "verify" replays recorded games and counts the fields that differ; "bench" times copy + one
// turn over the given roots and commands.
//
// Input (whitespace-separated integers on stdin), see bench/fb-cpp.bench.ts.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace {

constexpr int MAX_SNAFFLES = 7;  // the game deals 5 or 7
constexpr int MAX_BODIES = 4 + MAX_SNAFFLES + 2;
constexpr int MAX_IGNORE = 32;   // ignore-list entries per snaffle
constexpr int MAX_CANDIDATES = 4 * (9 + MAX_SNAFFLES) + MAX_SNAFFLES * (5 + MAX_SNAFFLES) + 2 * (10 + MAX_SNAFFLES);

constexpr double WIDTH = 16000, HEIGHT = 7500, GOAL_LOW = 1750, GOAL_HIGH = 5750;
constexpr double POST_X[4] = {0, 0, WIDTH, WIDTH}, POST_Y[4] = {GOAL_LOW, GOAL_HIGH, GOAL_LOW, GOAL_HIGH};

// Spells, in the order the referee applies them.
constexpr int OBLIVIATE = 0, PETRIFICUS = 1, ACCIO = 2, FLIPENDO = 3;
constexpr int SPELL_COST[4] = {5, 10, 20, 20};
constexpr int SPELL_DURATION[4] = {3, 1, 6, 3};

enum { MOVE = 0, THROW = 1, SPELL = 2 };
enum { WALL, POST, PAIR, GRAB, GOAL };
enum { LEFT, RIGHT, TOP, BOTTOM };

struct Body {
  double x, y, vx, vy;
};

struct State {
  Body b[MAX_BODIES];            // wizards 0..3, snaffles 4..4+S-1, bludgers S+4, S+5
  int holding[4];                // wizard: snaffle held, or -1
  int cooldown[4];               // wizard: grab cooldown
  int spellTurns[4][4], spellTarget[4][4];
  int carrier[MAX_BODIES];       // snaffle: the wizard holding it, or -1
  bool alive[MAX_BODIES];        // snaffle: not scored
  int lastVictim[2];             // bludger: last wizard hit, or -1
  int ignoreCount[MAX_BODIES];   // snaffle: snaffles it passes through, in order
  signed char ignore[MAX_BODIES][MAX_IGNORE];
  int round, score[2], magic[2];
};

struct Command {
  int kind;   // MOVE, THROW or SPELL
  int spell;  // SPELL: OBLIVIATE..FLIPENDO
  double x, y, power;  // MOVE/THROW target and thrust/power
  int target;          // SPELL: entity id
};

struct Candidate {
  double t;
  int kind, i, j;
};

// The game's snaffle count (a game constant, like a bot's).
int S = 5, N = 11, FIRST_BLUDGER = 9;

void setSnaffles(int count) {
  S = count;
  N = 6 + S;
  FIRST_BLUDGER = 4 + S;
}

inline bool isWizard(int i) { return i < 4; }
inline bool isSnaffle(int i) { return i >= 4 && i < FIRST_BLUDGER; }
inline double radius(int i) { return isWizard(i) ? 400 : isSnaffle(i) ? 150 : 200; }
inline double mass(int i) { return isWizard(i) ? 1 : isSnaffle(i) ? 0.5 : 8; }

// The referee's contact test at distance R (d = pA - pB, dv = vA - vB): touching (squared
// distance against R²) at tau 0, else the smaller of the quadratic's two roots in (0, left].
bool contactTime(double dx, double dy, double dvx, double dvy, double R, double left, double& tau) {
  if (dx * dx + dy * dy <= R * R) { tau = 0; return true; }
  const double a = dvx * dvx + dvy * dvy, b = dx * dvx + dy * dvy, c = dx * dx + dy * dy - R * R;
  const double delta = b * b - a * c;
  if (delta <= 0 || a == 0) return false;
  const double rd = std::sqrt(delta);
  const double t = std::min((-b + rd) / a, (-b - rd) / a);
  if (!(t <= left && t > 0)) return false;
  tau = t;
  return true;
}

// The same root without the touching test (a grab's contact with a snaffle not the nearest).
bool rootTime(double dx, double dy, double dvx, double dvy, double R, double left, double& tau) {
  const double a = dvx * dvx + dvy * dvy, b = dx * dvx + dy * dvy, c = dx * dx + dy * dy - R * R;
  const double delta = b * b - a * c;
  if (delta <= 0 || a == 0) return false;
  const double rd = std::sqrt(delta);
  const double t = std::min((-b + rd) / a, (-b - rd) / a);
  if (!(t <= left && t > 0)) return false;
  tau = t;
  return true;
}

inline bool snaffleInGoal(const Body& B) {
  return (B.x <= 150 || B.x >= WIDTH - 150) && B.y >= GOAL_LOW && B.y <= GOAL_HIGH;
}

// The referee's wall test: the side already passed (left, right, top, bottom) at 0, else the
// earliest side reached within `left` (a snaffle not through a goal mouth). The side or -1.
int wallTime(const Body& B, double r, bool snaffle, double left, double& tau) {
  tau = 0;
  if (B.x < r) return LEFT;
  if (B.x > WIDTH - r) return RIGHT;
  if (B.y < r) return TOP;
  if (B.y > HEIGHT - r) return BOTTOM;
  int side = -1;
  double best = 0;
  if (B.vx > 0) {
    const double t = (WIDTH - r - B.x) / B.vx, cy = B.y + t * B.vy;
    if (t >= 0 && (!snaffle || cy < GOAL_LOW || cy > GOAL_HIGH)) { side = RIGHT; best = t; }
  } else if (B.vx < 0) {
    const double t = (r - B.x) / B.vx, cy = B.y + t * B.vy;
    if (t >= 0 && (!snaffle || cy < GOAL_LOW || cy > GOAL_HIGH)) { side = LEFT; best = t; }
  }
  if (B.vy > 0) {
    const double t = (HEIGHT - r - B.y) / B.vy;
    if (t >= 0 && (side == -1 || best > t)) { side = BOTTOM; best = t; }
  } else if (B.vy < 0) {
    const double t = (r - B.y) / B.vy;
    if (t >= 0 && (side == -1 || best > t)) { side = TOP; best = t; }
  }
  if (side == -1 || !(best <= left)) return -1;
  tau = best;
  return side;
}

bool ignores(const State& s, int i, int j) {
  for (int k = 0; k < s.ignoreCount[i]; k++) if (s.ignore[i][k] == j) return true;
  return false;
}

void addIgnore(State& s, int i, int j) {
  if (s.ignoreCount[i] == MAX_IGNORE) { std::fprintf(stderr, "fb peer: ignore list full\n"); std::exit(2); }
  s.ignore[i][s.ignoreCount[i]++] = (signed char)j;
}

// The referee's grab makes a snaffle share its wizard's position and speed objects; carrying
// writes into them in place, which shows when two wizards hold one snaffle. Per snaffle: the
// wizard whose position, or speed, it still shares (-1: its own).
int posShare[MAX_BODIES], speedShare[MAX_BODIES];

void renewed(const State& s, int w, bool moved) {
  const int sn = s.holding[w];
  if (sn == -1) return;
  if (speedShare[sn] == w) speedShare[sn] = -1;
  if (moved && posShare[sn] == w) posShare[sn] = -1;
}

void carry(State& s, int w) {
  const int sn = s.holding[w];
  if (sn == -1) return;
  const Body W = s.b[w];
  s.b[sn] = W;
  if (posShare[sn] != -1 && posShare[sn] != w) { s.b[posShare[sn]].x = W.x; s.b[posShare[sn]].y = W.y; }
  if (speedShare[sn] != -1 && speedShare[sn] != w) { s.b[speedShare[sn]].vx = W.vx; s.b[speedShare[sn]].vy = W.vy; }
}

// Elastic bounce with minimum impulse of body i (first) on body j, or on goal post p (j = -1);
// pushed apart when they overlap (returns whether).
bool bounce(State& s, int i, int j, int p) {
  Body& A = s.b[i];
  const double bx = j < 0 ? POST_X[p] : s.b[j].x, by = j < 0 ? POST_Y[p] : s.b[j].y;
  double nx = bx - A.x, ny = by - A.y;
  const double dist = std::sqrt(nx * nx + ny * ny);
  if (dist == 0) { nx = 1; ny = 0; } else { nx /= dist; ny /= dist; }
  const double mi = mass(i);
  double force;
  if (j < 0) force = (nx * A.vx + ny * A.vy) * mi;
  else force = (nx * (A.vx - s.b[j].vx) + ny * (A.vy - s.b[j].vy)) / (1 / mi + 1 / mass(j));
  const double total = force + std::max(100.0, force);
  const double jx = nx * (-1 * total), jy = ny * (-1 * total);
  A.vx += jx * (1 / mi); A.vy += jy * (1 / mi);
  if (j >= 0) { s.b[j].vx += jx * -1 * (1 / mass(j)); s.b[j].vy += jy * -1 * (1 / mass(j)); }
  const double diff = dist - radius(i) - (j < 0 ? 300 : radius(j));
  if (diff <= 0) {
    const double push = -diff / 2 + 0.00001;
    A.x += nx * -push; A.y += ny * -push;
    if (j >= 0) { s.b[j].x += nx * push; s.b[j].y += ny * push; }
    return true;
  }
  return false;
}

void resolve(State& s, const Candidate& c) {
  const int i = c.i, j = c.j;
  switch (c.kind) {
    case WALL: {
      Body& B = s.b[i];
      if (isSnaffle(i) && snaffleInGoal(B)) break;
      if (j == TOP || j == BOTTOM) B.vy = -B.vy; else B.vx = -B.vx;
      const double r = radius(i);
      bool moved = false;
      if (B.x > WIDTH - r) { B.x = B.x + -2 * (B.x - (WIDTH - r)); moved = true; }
      if (B.x < r) { B.x = B.x + -2 * (B.x - r); moved = true; }
      if (B.y > HEIGHT - r) { B.y = B.y + -2 * (B.y - (HEIGHT - r)); moved = true; }
      if (B.y < r) { B.y = B.y + -2 * (B.y - r); moved = true; }
      if (isWizard(i)) { renewed(s, i, moved); carry(s, i); }
      break;
    }
    case POST: {
      const bool pushed = bounce(s, i, -1, j);
      if (isWizard(i)) { renewed(s, i, pushed); carry(s, i); }
      break;
    }
    case PAIR: {
      const bool pushed = bounce(s, i, j, 0);
      if (i >= FIRST_BLUDGER && isWizard(j)) s.lastVictim[i - FIRST_BLUDGER] = j;
      if (isWizard(i)) renewed(s, i, pushed);
      if (isWizard(j)) renewed(s, j, pushed);
      else if (isSnaffle(j) && s.carrier[j] != -1) { speedShare[j] = -1; if (pushed) posShare[j] = -1; }
      if (isWizard(i)) carry(s, i);
      if (isWizard(j)) carry(s, j);
      break;
    }
    case GRAB: {
      // unless it holds one, or another wizard with free hands is as close (to 1e-5 in squared distance)
      if (s.holding[i] != -1) break;
      const Body& Sn = s.b[j];
      const double d2 = (s.b[i].x - Sn.x) * (s.b[i].x - Sn.x) + (s.b[i].y - Sn.y) * (s.b[i].y - Sn.y) + 0.00001;
      bool taken = true;
      for (int o = 0; o < 4; o++) {
        if (o == i || s.holding[o] != -1) continue;
        if (d2 >= (s.b[o].x - Sn.x) * (s.b[o].x - Sn.x) + (s.b[o].y - Sn.y) * (s.b[o].y - Sn.y)) { taken = false; break; }
      }
      if (!taken) break;
      s.holding[i] = j;
      s.carrier[j] = i;
      s.b[j] = s.b[i];
      posShare[j] = speedShare[j] = i;
      break;
    }
    case GOAL:
      s.alive[i] = false;
      s.score[j]++;
      break;
  }
}

void moveAll(State& s, double dt) {
  for (int i = 0; i < N; i++) { s.b[i].x += s.b[i].vx * dt; s.b[i].y += s.b[i].vy * dt; }
  for (int i = 0; i < N; i++) posShare[i] = -1;
}

void collisionLoop(State& s) {
  Candidate cand[MAX_CANDIDATES];
  for (int i = 0; i < N; i++) posShare[i] = speedShare[i] = -1;
  double t = 0;
  while (t < 1) {
    const double left = 1 - t;
    int n = 0;
    auto add = [&](double tau, int kind, int i, int j) {
      const double ct = t + tau;
      int k = n++;  // stable insertion: after every candidate of equal time
      while (k > 0 && cand[k - 1].t > ct) { cand[k] = cand[k - 1]; k--; }
      cand[k] = {ct, kind, i, j};
    };
    double tau;
    for (int i = 3; i >= 0; i--) {  // wizards
      const Body& W = s.b[i];
      const int side = wallTime(W, 400, false, left, tau);
      if (side >= 0) add(tau, WALL, i, side);
      for (int p = 0; p < 4; p++) if (contactTime(W.x - POST_X[p], W.y - POST_Y[p], W.vx, W.vy, 700, left, tau)) add(tau, POST, i, p);
      for (int j = i - 1; j >= 0; j--) {
        const Body& B = s.b[j];
        if (contactTime(W.x - B.x, W.y - B.y, W.vx - B.vx, W.vy - B.vy, 800, left, tau)) add(tau, PAIR, i, j);
      }
      if (s.holding[i] != -1 || s.cooldown[i] > 0) continue;
      int closest = -1;
      double best = 0;
      for (int sn = 4; sn < FIRST_BLUDGER; sn++) {  // the nearest snaffle already in reach, at t
        if (!s.alive[sn] || s.carrier[sn] != -1) continue;
        const double dx = s.b[sn].x - W.x, dy = s.b[sn].y - W.y, d2 = dx * dx + dy * dy;
        if (d2 <= 399 * 399 && (closest == -1 || d2 < best)) { closest = sn; best = d2; }
      }
      if (closest != -1) add(0, GRAB, i, closest);
      for (int sn = 4; sn < FIRST_BLUDGER; sn++) {
        if (sn == closest || !s.alive[sn] || s.carrier[sn] != -1) continue;
        const Body& B = s.b[sn];
        if (rootTime(W.x - B.x, W.y - B.y, W.vx - B.vx, W.vy - B.vy, 399, left, tau)) add(tau, GRAB, i, sn);
      }
    }
    for (int sn = FIRST_BLUDGER - 1; sn >= 4; sn--) {  // snaffles in play
      if (!s.alive[sn] || s.carrier[sn] != -1) continue;
      const Body& B = s.b[sn];
      for (int p = 0; p < 4; p++) if (contactTime(B.x - POST_X[p], B.y - POST_Y[p], B.vx, B.vy, 450, left, tau)) add(tau, POST, sn, p);
      if (!snaffleInGoal(B)) {
        const int side = wallTime(B, 150, true, left, tau);
        if (side >= 0) add(tau, WALL, sn, side);
      }
      for (int j = sn - 1; j >= 4; j--) {
        if (!s.alive[j] || s.carrier[j] != -1 || ignores(s, sn, j)) continue;
        const Body& O = s.b[j];
        if (contactTime(B.x - O.x, B.y - O.y, B.vx - O.vx, B.vy - O.vy, 300, left, tau)) add(tau, PAIR, sn, j);
      }
      if (B.x >= WIDTH) add(0, GOAL, sn, 0);
      else if (B.x <= 0) add(0, GOAL, sn, 1);
      else if (std::fabs(B.vx) > 0) {
        const double right = (WIDTH - B.x) / B.vx, leftT = -B.x / B.vx;
        if (right <= left && right > 0) add(right, GOAL, sn, 0);
        else if (leftT <= left && leftT > 0) add(leftT, GOAL, sn, 1);
      }
    }
    for (int bl = N - 1; bl >= FIRST_BLUDGER; bl--) {  // bludgers
      const Body& B = s.b[bl];
      const int side = wallTime(B, 200, false, left, tau);
      if (side >= 0) add(tau, WALL, bl, side);
      for (int p = 0; p < 4; p++) if (contactTime(B.x - POST_X[p], B.y - POST_Y[p], B.vx, B.vy, 500, left, tau)) add(tau, POST, bl, p);
      for (int j = bl - 1; j >= FIRST_BLUDGER; j--) {
        const Body& O = s.b[j];
        if (contactTime(B.x - O.x, B.y - O.y, B.vx - O.vx, B.vy - O.vy, 400, left, tau)) add(tau, PAIR, bl, j);
      }
      for (int j = 0; j < FIRST_BLUDGER; j++) {  // every wizard, then every snaffle (held and scored ones too)
        const Body& O = s.b[j];
        if (contactTime(B.x - O.x, B.y - O.y, B.vx - O.vx, B.vy - O.vy, j < 4 ? 600 : 350, left, tau)) add(tau, PAIR, bl, j);
      }
    }
    if (n == 0) {
      moveAll(s, left);
      t += left;
      continue;
    }
    const double T = cand[0].t, dt = T - t;
    if (dt > 0) moveAll(s, dt);
    for (int k = 0; k < n && cand[k].t <= T + 0.00001; k++) resolve(s, cand[k]);
    t += dt;
  }
}

// The referee's symmetric rounding: s * (int) Math.round(s * x), s the sign (Java's round is
// floor(y + 1/2) done exactly, the long-to-int cast keeps the low 32 bits).
double symmetricRound(double x) {
  const double y = std::fabs(x);
  double r = std::floor(y);
  if (y - r >= 0.5) r += 1;
  const int64_t l = r >= 9223372036854775807.0 ? INT64_MAX : (int64_t)r;
  const int32_t v = (int32_t)(uint32_t)(uint64_t)l;
  return (double)(int32_t)((uint32_t)(x < 0 ? -1 : 1) * (uint32_t)v);
}

void turn(State& s, const Command* cmd) {
  double ax[MAX_BODIES] = {}, ay[MAX_BODIES] = {};
  int pendingSpell[4], pendingTarget[4];
  // Commands: MOVE accelerates the wizard, THROW the snaffle it holds (which takes its
  // position), the direction normalised twice; a spell costs its magic now; a wizard holding a
  // snaffle hands it its speed (before this turn's acceleration) and position.
  for (int w = 0; w < 4; w++) {
    pendingSpell[w] = -1;
    const Command& c = cmd[w];
    const int held = s.holding[w];
    Body& W = s.b[w];
    if (c.kind == MOVE || c.kind == THROW) {
      const int e = c.kind == MOVE ? w : held;
      if (c.kind == THROW) { s.b[held].x = W.x; s.b[held].y = W.y; }
      if (c.x != W.x || c.y != W.y) {
        double dx = c.x - W.x, dy = c.y - W.y;
        double len = std::sqrt(dx * dx + dy * dy);
        dx /= len; dy /= len;
        len = std::sqrt(dx * dx + dy * dy);
        ax[e] = dx / len * c.power;
        ay[e] = dy / len * c.power;
      } else {
        ax[e] = ay[e] = 0;
      }
    } else {
      const int team = w >> 1;
      if (s.magic[team] >= SPELL_COST[c.spell]) {
        s.magic[team] -= SPELL_COST[c.spell];
        pendingSpell[w] = c.spell;
        pendingTarget[w] = c.target;
      }
    }
    if (held != -1) { s.b[held] = W; s.cooldown[w] = 3; }
  }
  // Update: ignore lists of snaffles that no longer overlap are dropped.
  for (int sn = 4; sn < FIRST_BLUDGER; sn++) {
    int kept = 0;
    for (int k = 0; k < s.ignoreCount[sn]; k++) {
      const int o = s.ignore[sn][k];
      const double dx = s.b[sn].x - s.b[o].x, dy = s.b[sn].y - s.b[o].y;
      if (dx * dx + dy * dy <= 90000) s.ignore[sn][kept++] = (signed char)o;
    }
    s.ignoreCount[sn] = kept;
  }
  // Wizards accelerate and release what they hold; Accio ends on the held or a scored snaffle.
  for (int w = 0; w < 4; w++) {
    s.b[w].vx += ax[w];
    s.b[w].vy += ay[w];
    const int sn = s.holding[w];
    if (sn != -1) {
      if (s.spellTarget[w][ACCIO] == sn) { s.spellTurns[w][ACCIO] = 0; s.spellTarget[w][ACCIO] = -1; }
      for (int o = 4; o < FIRST_BLUDGER; o++) {
        if (o == sn) continue;
        const double dx = s.b[o].x - s.b[sn].x, dy = s.b[o].y - s.b[sn].y;
        if (!(dx * dx + dy * dy <= 90000)) continue;
        addIgnore(s, o, sn);
        addIgnore(s, sn, o);
      }
      s.carrier[sn] = -1;
      s.holding[w] = -1;
    }
    const int accio = s.spellTarget[w][ACCIO];
    if (accio != -1 && isSnaffle(accio) && !s.alive[accio]) { s.spellTurns[w][ACCIO] = 0; s.spellTarget[w][ACCIO] = -1; }
    if (s.cooldown[w] > 0) s.cooldown[w]--;
  }
  for (int sn = 4; sn < FIRST_BLUDGER; sn++) { s.b[sn].vx += ax[sn] * 2; s.b[sn].vy += ay[sn] * 2; }
  // Bludgers: towards the nearest wizard that is neither the last victim nor obliviated from it by its team.
  for (int bl = FIRST_BLUDGER; bl < N; bl++) {
    Body& B = s.b[bl];
    int best = -1;
    double bestD = 0;
    for (int w = 0; w < 4; w++) {
      if (w == s.lastVictim[bl - FIRST_BLUDGER]) continue;
      const int c = (w >> 1) * 2;
      if ((s.spellTurns[c][OBLIVIATE] > 0 && s.spellTarget[c][OBLIVIATE] == bl) || (s.spellTurns[c + 1][OBLIVIATE] > 0 && s.spellTarget[c + 1][OBLIVIATE] == bl)) continue;
      const double dx = s.b[w].x - B.x, dy = s.b[w].y - B.y, d = std::sqrt(dx * dx + dy * dy);
      if (best == -1 || d < bestD) { best = w; bestD = d; }
    }
    if (best == -1) continue;
    double dx = s.b[best].x - B.x, dy = s.b[best].y - B.y;
    const double len = std::sqrt(dx * dx + dy * dy);
    if (len == 0) continue;
    dx /= len; dy /= len;
    B.vx += dx * 1000 * 0.125;
    B.vy += dy * 1000 * 0.125;
  }
  // Spells: Petrificus, then Accio, then Flipendo, each wizard in turn.
  for (int w = 0; w < 4; w++) {
    const int e = s.spellTarget[w][PETRIFICUS];
    if (e != -1 && s.spellTurns[w][PETRIFICUS] > 0) { s.b[e].vx = 0; s.b[e].vy = 0; }
  }
  for (int spell = ACCIO; spell <= FLIPENDO; spell++) {
    for (int w = 0; w < 4; w++) {
      const int e = s.spellTarget[w][spell];
      if (e == -1 || s.spellTurns[w][spell] <= 0) continue;
      double dx, dy;
      if (spell == ACCIO) { dx = s.b[w].x - s.b[e].x; dy = s.b[w].y - s.b[e].y; }
      else {
        if (s.b[e].x == s.b[w].x && s.b[e].y == s.b[w].y) continue;
        dx = s.b[e].x - s.b[w].x; dy = s.b[e].y - s.b[w].y;
      }
      const double power = std::min((spell == ACCIO ? 3000.0 : 6000.0) * (1000000.0 / (dx * dx + dy * dy)), 1000.0);
      const double len = std::sqrt(dx * dx + dy * dy);
      if (len != 0) { dx /= len; dy /= len; } else { dx = dy = 0; }
      const double inv = 1 / mass(e);
      s.b[e].vx += dx * power * inv;
      s.b[e].vy += dy * power * inv;
    }
  }
  for (int p = 0; p < 2; p++) if (s.magic[p] < 100) s.magic[p]++;
  collisionLoop(s);
  // Friction and symmetric rounding of every body (held and scored snaffles too).
  for (int i = 0; i < N; i++) {
    Body& B = s.b[i];
    const double keep = i < FIRST_BLUDGER ? 1 - 0.25 : 1 - 0.1;
    const double vx = B.vx * keep, vy = B.vy * keep;
    B.x = symmetricRound(B.x); B.y = symmetricRound(B.y);
    B.vx = symmetricRound(vx); B.vy = symmetricRound(vy);
  }
  // Next round: counters down, the spells ordered this turn start, spent ones lose their target.
  for (int w = 0; w < 4; w++) {
    for (int k = 0; k < 4; k++) if (s.spellTurns[w][k] > 0) s.spellTurns[w][k]--;
    if (pendingSpell[w] >= 0) { s.spellTurns[w][pendingSpell[w]] = SPELL_DURATION[pendingSpell[w]]; s.spellTarget[w][pendingSpell[w]] = pendingTarget[w]; }
    for (int k = 0; k < 4; k++) if (s.spellTurns[w][k] == 0) s.spellTarget[w][k] = -1;
  }
  s.round++;
}

// ---- input -------------------------------------------------------------------------------

int integer() {
  long v;
  if (std::scanf("%ld", &v) != 1) { std::fprintf(stderr, "fb peer: input ends early\n"); std::exit(2); }
  return (int)v;
}

// The recorded spell order (obliviate, accio, flipendo, petrificus) in this engine's indices.
constexpr int RECORD_SPELL[4] = {OBLIVIATE, ACCIO, FLIPENDO, PETRIFICUS};

// A state: round, score and magic of both players, the snaffle count, 4 wizards (x y vx vy
// holding cooldown, then turns and target per recorded spell), the snaffles (x y vx vy alive
// captured, ignore count and ids), 2 bludgers (x y vx vy lastVictim).
void readState(State& s) {
  std::memset(&s, 0, sizeof s);
  s.round = integer();
  s.score[0] = integer(); s.magic[0] = integer(); s.score[1] = integer(); s.magic[1] = integer();
  const int count = integer();
  if (count < 1 || count > MAX_SNAFFLES) { std::fprintf(stderr, "fb peer: %d snaffles (at most %d)\n", count, MAX_SNAFFLES); std::exit(2); }
  setSnaffles(count);
  for (int i = 0; i < MAX_BODIES; i++) s.carrier[i] = -1;
  for (int w = 0; w < 4; w++) {
    Body& B = s.b[w];
    B.x = integer(); B.y = integer(); B.vx = integer(); B.vy = integer();
    s.holding[w] = integer(); s.cooldown[w] = integer();
    for (int k = 0; k < 4; k++) { s.spellTurns[w][RECORD_SPELL[k]] = integer(); s.spellTarget[w][RECORD_SPELL[k]] = integer(); }
  }
  for (int sn = 4; sn < FIRST_BLUDGER; sn++) {
    Body& B = s.b[sn];
    B.x = integer(); B.y = integer(); B.vx = integer(); B.vy = integer();
    s.alive[sn] = integer() != 0;
    const bool captured = integer() != 0;
    s.ignoreCount[sn] = integer();
    if (s.ignoreCount[sn] > MAX_IGNORE) { std::fprintf(stderr, "fb peer: an ignore list of %d ids (at most %d)\n", s.ignoreCount[sn], MAX_IGNORE); std::exit(2); }
    for (int k = 0; k < s.ignoreCount[sn]; k++) s.ignore[sn][k] = (signed char)integer();
    if (captured) for (int w = 0; w < 4; w++) if (s.holding[w] == sn) s.carrier[sn] = w;
  }
  for (int bl = FIRST_BLUDGER; bl < N; bl++) {
    Body& B = s.b[bl];
    B.x = integer(); B.y = integer(); B.vx = integer(); B.vy = integer();
    s.lastVictim[bl - FIRST_BLUDGER] = integer();
  }
}

// A command: kind (0 MOVE, 1 THROW, 2..5 OBLIVIATE, PETRIFICUS, ACCIO, FLIPENDO) and three integers.
Command readCommand() {
  Command c{};
  const int kind = integer(), a = integer(), b = integer(), p = integer();
  if (kind < 2) { c.kind = kind; c.x = a; c.y = b; c.power = p; }
  else { c.kind = SPELL; c.spell = kind - 2; c.target = a; }
  return c;
}

bool same(double a, double b) { return a == b && std::signbit(a) == std::signbit(b); }

// Field groups of the comparison.
enum { F_X, F_Y, F_VX, F_VY, F_GAME, F_LINK, F_COOLDOWN, F_SPELL, F_ALIVE, F_IGNORE, F_VICTIM, F_COUNT };
const char* FIELD_NAMES[F_COUNT] = {"x", "y", "vx", "vy", "round/score/magic", "holding/captured", "cooldown", "spells", "alive", "ignore", "lastVictim"};

// verify: games, each: turn count n, the first state, then n times (4 commands, next state).
int verify() {
  const int games = integer();
  long fields = 0, differ = 0, turns = 0, byField[F_COUNT] = {};
  for (int g = 0; g < games; g++) {
    const int n = integer();
    State s;
    readState(s);
    for (int k = 0; k < n; k++) {
      Command cmd[4];
      for (Command& c : cmd) c = readCommand();
      turn(s, cmd);
      turns++;
      State e;
      readState(e);
      auto check = [&](bool ok, int field) { fields++; if (!ok) { differ++; byField[field]++; } };
      check(s.round == e.round, F_GAME);
      for (int p = 0; p < 2; p++) { check(s.score[p] == e.score[p], F_GAME); check(s.magic[p] == e.magic[p], F_GAME); }
      for (int i = 0; i < N; i++) {
        check(same(s.b[i].x, e.b[i].x), F_X); check(same(s.b[i].y, e.b[i].y), F_Y);
        check(same(s.b[i].vx, e.b[i].vx), F_VX); check(same(s.b[i].vy, e.b[i].vy), F_VY);
      }
      for (int w = 0; w < 4; w++) {
        check(s.holding[w] == e.holding[w], F_LINK);
        check(s.cooldown[w] == e.cooldown[w], F_COOLDOWN);
        for (int k = 0; k < 4; k++) { check(s.spellTurns[w][k] == e.spellTurns[w][k], F_SPELL); check(s.spellTarget[w][k] == e.spellTarget[w][k], F_SPELL); }
      }
      for (int sn = 4; sn < FIRST_BLUDGER; sn++) {
        check(s.alive[sn] == e.alive[sn], F_ALIVE);
        check((s.carrier[sn] != -1) == (e.carrier[sn] != -1), F_LINK);
        check(s.ignoreCount[sn] == e.ignoreCount[sn] && std::memcmp(s.ignore[sn], e.ignore[sn], s.ignoreCount[sn]) == 0, F_IGNORE);
      }
      for (int b = 0; b < 2; b++) check(s.lastVictim[b] == e.lastVictim[b], F_VICTIM);
      s = e;  // continue from the record, so one difference does not spread
    }
  }
  std::printf("%ld turns, %ld fields, %ld differ (", turns, fields, differ);
  for (int f = 0; f < F_COUNT; f++) std::printf("%s%s %ld", f ? ", " : "", FIELD_NAMES[f], byField[f]);
  std::printf(")\n");
  return 0;
}

// bench: roots (count, states), command sets (one per root, 4 commands each), ops, samples.
// Operation k plays command set k mod count on root k mod count.
int bench() {
  const int count = integer();
  std::vector<State> roots(count);
  int snaffles = -1;
  for (State& s : roots) {
    readState(s);
    if (snaffles != -1 && S != snaffles) { std::fprintf(stderr, "fb peer: roots of different snaffle counts\n"); std::exit(2); }
    snaffles = S;
  }
  std::vector<Command> commands(4 * count);
  for (Command& c : commands) c = readCommand();
  const long ops = integer();
  const int samples = integer();
  double sink = 0;
  std::vector<double> rates;
  State s;
  for (int sample = -2; sample < samples; sample++) {  // two untimed warm-ups
    timespec c0, c1;  // CPU time of this process, as the carom side measures
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (long k = 0; k < ops; k++) {
      const int r = (int)(k % count);
      s = roots[r];
      turn(s, &commands[4 * r]);
      sink += s.b[0].x + s.round;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    const double dt = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
    if (sample >= 0) rates.push_back(ops / dt);
  }
  std::sort(rates.begin(), rates.end());
  std::printf("bench %.6e %.6e %.6e sink %.17g\n", rates[rates.size() / 2], rates.front(), rates.back(), sink);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "verify") == 0) return verify();
  if (argc == 2 && std::strcmp(argv[1], "bench") == 0) return bench();
  std::fprintf(stderr, "usage: fb verify|bench < input\n");
  return 2;
}
