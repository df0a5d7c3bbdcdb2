// A Fantastic Bits turn engine in C++, written the way a contest bot writer writes one: a body
// is a struct of four doubles, a state is a fixed-size struct (bodies, links, cooldowns, spells,
// ignore lists, score and magic), a copy is a struct assignment, and the collision loop
// recomputes every candidate (walls, goal posts, body pairs, grabs, goals) at each step into a
// small array kept sorted by insertion. It follows the referee rules of data/contest/rules.md
// with the same operations (reciprocal masses, the 1e-5 batch window, symmetric rounding, the
// ignore lists of released snaffles, spells that start one turn after the order). Commands
// arrive parsed (kind, x, y, power or spell target). It is the peer of bench/fb-cpp.bench.ts:
// "verify" replays recorded games and counts the fields that differ; "bench" times copy + one
// turn over the given roots and commands.
//
// Input (whitespace-separated integers on stdin), see bench/fb-cpp.bench.ts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace {

constexpr int MAX_SNAFFLES = 7;  // the game deals 5 or 7
constexpr int MAX_BODIES = 4 + MAX_SNAFFLES + 2;
constexpr int MAX_CANDIDATES = 2 * MAX_BODIES + 4 * MAX_BODIES + MAX_BODIES * (MAX_BODIES - 1) / 2 + 5 * MAX_SNAFFLES;

constexpr double WIDTH = 16000, HEIGHT = 7500, GOAL_LOW = 1750, GOAL_HIGH = 5750;
constexpr double POST_RADIUS = 300, MIN_IMPULSE = 100, GRAB_RADIUS = 399;
constexpr double POST_X[4] = {0, 0, WIDTH, WIDTH}, POST_Y[4] = {GOAL_LOW, GOAL_HIGH, GOAL_LOW, GOAL_HIGH};

// Spells, in the order the referee applies them.
constexpr int OBLIVIATE = 0, PETRIFICUS = 1, ACCIO = 2, FLIPENDO = 3;
constexpr int SPELL_COST[4] = {5, 10, 20, 20};
constexpr int SPELL_DURATION[4] = {3, 1, 6, 3};

enum { MOVE = 0, THROW = 1, SPELL = 2 };
enum { WALL_X, WALL_Y, POST, PAIR, GRAB, GOAL };

struct Body {
  double x, y, vx, vy;
};

struct State {
  Body b[MAX_BODIES];            // wizards 0..3, snaffles 4..4+S-1, bludgers S+4, S+5
  int holding[4];                // wizard: snaffle held, or -1
  int cooldown[4];               // wizard: grab cooldown
  int spellTurns[4][4], spellTarget[4][4];
  int carrier[MAX_BODIES];       // snaffle: wizard holding it, or -1
  bool alive[MAX_BODIES];        // snaffle: not scored
  int lastVictim[2];             // bludger: last wizard hit, or -1
  int ignoreCount[MAX_BODIES];   // snaffle: snaffles it passes through, in order
  signed char ignore[MAX_BODIES][MAX_SNAFFLES];
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
inline double friction(int i) { return isWizard(i) ? 0.25 : isSnaffle(i) ? 0.25 : 0.1; }
inline bool isFree(const State& s, int i) { return !isSnaffle(i) || (s.alive[i] && s.carrier[i] == -1); }

// Contact time within `left` of two circles at centre distance R (d = pA - pB, dv = vA - vB):
// 0 when touching, else the smaller root of |d + tau dv| = R.
bool contactTime(double dx, double dy, double dvx, double dvy, double R, double left, double& tau) {
  if (std::sqrt(dx * dx + dy * dy) <= R) { tau = 0; return true; }
  const double a = dvx * dvx + dvy * dvy, b = dx * dvx + dy * dvy, c = dx * dx + dy * dy - R * R;
  const double delta = b * b - a * c;
  if (delta <= 0 || a == 0) return false;
  const double t = std::min((-b + std::sqrt(delta)) / a, (-b - std::sqrt(delta)) / a);
  if (!(t > 0 && t <= left)) return false;
  tau = t;
  return true;
}

// When a centre at x moving at v reaches r (moving down) or size - r (moving up) within `left`.
bool wallTime(double x, double v, double r, double size, double left, double& tau) {
  double t;
  if (v < 0) {
    if (x <= r) { tau = 0; return true; }
    t = (r - x) / v;
  } else if (v > 0) {
    if (x >= size - r) { tau = 0; return true; }
    t = (size - r - x) / v;
  } else {
    return false;
  }
  if (!(t > 0 && t <= left)) return false;
  tau = t;
  return true;
}

bool ignores(const State& s, int i, int j) {
  if (!isSnaffle(i) || !isSnaffle(j)) return false;
  for (int k = 0; k < s.ignoreCount[i]; k++) if (s.ignore[i][k] == j) return true;
  return false;
}

void addIgnore(State& s, int i, int j) {
  for (int k = 0; k < s.ignoreCount[i]; k++) if (s.ignore[i][k] == j) return;
  s.ignore[i][s.ignoreCount[i]++] = (signed char)j;
}

void followCarrier(State& s) {
  for (int w = 0; w < 4; w++) if (s.holding[w] != -1) s.b[s.holding[w]] = s.b[w];
}

void moveAll(State& s, double dt) {
  for (int i = 0; i < N; i++) {
    if (isSnaffle(i) && s.carrier[i] != -1) continue;
    s.b[i].x += s.b[i].vx * dt;
    s.b[i].y += s.b[i].vy * dt;
  }
  followCarrier(s);
}

// Elastic bounce with minimum impulse of body i (A) on body j (B), or on goal post p (j = -1).
void bounce(State& s, int i, int j, int p, double R) {
  Body& A = s.b[i];
  const double bx = j < 0 ? POST_X[p] : s.b[j].x, by = j < 0 ? POST_Y[p] : s.b[j].y;
  const double bvx = j < 0 ? 0 : s.b[j].vx, bvy = j < 0 ? 0 : s.b[j].vy;
  double nx = bx - A.x, ny = by - A.y;
  const double dist = std::sqrt(nx * nx + ny * ny);
  if (dist != 0) { nx /= dist; ny /= dist; }
  const double invA = 1 / mass(i), invB = j < 0 ? 0 : 1 / mass(j);
  const double f = (nx * (A.vx - bvx) + ny * (A.vy - bvy)) / (invA + invB);
  const double J = f + std::max(MIN_IMPULSE, f);
  const double jx = J * nx, jy = J * ny;
  A.vx += -jx * invA; A.vy += -jy * invA;
  if (j >= 0) { s.b[j].vx += jx * invB; s.b[j].vy += jy * invB; }
  const double diff = dist - R;
  if (diff <= 0) {
    const double push = -diff / 2 + 1e-5;
    A.x -= nx * push; A.y -= ny * push;
    if (j >= 0) { s.b[j].x += nx * push; s.b[j].y += ny * push; }
  }
}

double distance(const Body& a, const Body& b) {
  const double dx = a.x - b.x, dy = a.y - b.y;
  return std::sqrt(dx * dx + dy * dy);
}

void grab(State& s, int w, int sn) {
  if (s.holding[w] != -1 || s.cooldown[w] != 0 || !s.alive[sn] || s.carrier[sn] != -1) return;
  const double d = distance(s.b[w], s.b[sn]);
  for (int o = 0; o < 4; o++) {
    if (o == w || s.holding[o] != -1 || s.cooldown[o] != 0) continue;
    if (distance(s.b[o], s.b[sn]) <= d) return;  // another free wizard is at least as close
  }
  s.holding[w] = sn;
  s.carrier[sn] = w;
  s.b[sn] = s.b[w];
}

void resolve(State& s, const Candidate& c) {
  const int i = c.i, j = c.j;
  Body& B = s.b[i];
  switch (c.kind) {
    case WALL_X: {
      const double r = radius(i);
      B.vx = -B.vx;
      if (B.x < r) B.x = 2 * r - B.x;
      else if (B.x > WIDTH - r) B.x = 2 * (WIDTH - r) - B.x;
      break;
    }
    case WALL_Y: {
      const double r = radius(i);
      B.vy = -B.vy;
      if (B.y < r) B.y = 2 * r - B.y;
      else if (B.y > HEIGHT - r) B.y = 2 * (HEIGHT - r) - B.y;
      break;
    }
    case POST:
      bounce(s, i, -1, j, radius(i) + POST_RADIUS);
      break;
    case PAIR:
      if (!isFree(s, i) || !isFree(s, j)) break;  // grabbed or scored earlier in this batch
      bounce(s, i, j, 0, radius(i) + radius(j));
      if (isWizard(i) && j >= FIRST_BLUDGER) s.lastVictim[j - FIRST_BLUDGER] = i;
      break;
    case GRAB:
      grab(s, i, j);
      break;
    case GOAL:
      if (!isFree(s, i)) break;
      s.alive[i] = false;
      s.score[B.x < WIDTH / 2 ? 1 : 0]++;
      break;
  }
}

void collisionLoop(State& s) {
  Candidate cand[MAX_CANDIDATES];
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
    for (int i = 0; i < N; i++) {  // walls (a snaffle passes the x walls inside the goal mouth)
      if (!isFree(s, i)) continue;
      const Body& B = s.b[i];
      const double r = radius(i);
      if (wallTime(B.x, B.vx, r, WIDTH, left, tau)) {
        const double y = B.y + B.vy * tau;
        if (!(isSnaffle(i) && y > GOAL_LOW && y < GOAL_HIGH)) add(tau, WALL_X, i, 0);
      }
      if (wallTime(B.y, B.vy, r, HEIGHT, left, tau)) add(tau, WALL_Y, i, 0);
    }
    for (int i = 0; i < N; i++) {  // goal posts
      if (!isFree(s, i)) continue;
      const Body& B = s.b[i];
      for (int p = 0; p < 4; p++) {
        if (contactTime(B.x - POST_X[p], B.y - POST_Y[p], B.vx, B.vy, radius(i) + POST_RADIUS, left, tau)) add(tau, POST, i, p);
      }
    }
    for (int i = 0; i < N; i++) {  // body pairs (a wizard and a snaffle grab instead)
      if (!isFree(s, i)) continue;
      for (int j = i + 1; j < N; j++) {
        if (!isFree(s, j) || (isWizard(i) && isSnaffle(j)) || ignores(s, i, j)) continue;
        const Body &A = s.b[i], &B = s.b[j];
        if (contactTime(A.x - B.x, A.y - B.y, A.vx - B.vx, A.vy - B.vy, radius(i) + radius(j), left, tau)) add(tau, PAIR, i, j);
      }
    }
    for (int w = 0; w < 4; w++) {  // grabs
      if (s.holding[w] != -1 || s.cooldown[w] != 0) continue;
      for (int sn = 4; sn < FIRST_BLUDGER; sn++) {
        if (!isFree(s, sn)) continue;
        const Body &A = s.b[w], &B = s.b[sn];
        if (contactTime(A.x - B.x, A.y - B.y, A.vx - B.vx, A.vy - B.vy, GRAB_RADIUS, left, tau)) add(tau, GRAB, w, sn);
      }
    }
    for (int sn = 4; sn < FIRST_BLUDGER; sn++) {  // goals
      if (!isFree(s, sn)) continue;
      const Body& B = s.b[sn];
      if (wallTime(B.x, B.vx, 0, WIDTH, left, tau)) {
        const double y = B.y + B.vy * tau;
        if (y > GOAL_LOW && y < GOAL_HIGH) add(tau, GOAL, sn, 0);
      }
    }
    if (n == 0) {
      moveAll(s, left);
      break;
    }
    const double T = cand[0].t;
    if (T - t > 0) moveAll(s, T - t);
    for (int k = 0; k < n && cand[k].t <= T + 1e-5; k++) resolve(s, cand[k]);
    t = T;
  }
}

void applySpell(State& s, int spell) {
  for (int w = 0; w < 4; w++) {
    if (s.spellTurns[w][spell] <= 0) continue;
    const int e = s.spellTarget[w][spell];
    if (e >= 0) {
      if (spell == PETRIFICUS) {
        s.b[e].vx = 0; s.b[e].vy = 0;
      } else if (spell == ACCIO || spell == FLIPENDO) {
        double dx = s.b[w].x - s.b[e].x, dy = s.b[w].y - s.b[e].y;
        const double d = std::sqrt(dx * dx + dy * dy);
        if (d > 0) {
          const double dk = d / 1000;
          const double power = std::min((spell == ACCIO ? 3000 : 6000) / (dk * dk), 1000.0);
          dx /= d; dy /= d;
          const double sign = spell == ACCIO ? 1 : -1;
          s.b[e].vx += sign * dx * power * (1 / mass(e));
          s.b[e].vy += sign * dy * power * (1 / mass(e));
        }
      }
    }
    if (--s.spellTurns[w][spell] == 0) s.spellTarget[w][spell] = -1;
  }
}

void aimBludger(State& s, int bl) {
  int best = -1;
  double bestD = INFINITY;
  const Body& B = s.b[bl];
  for (int w = 0; w < 4; w++) {
    if (w == s.lastVictim[bl - FIRST_BLUDGER]) continue;
    const int team = w >> 1;
    bool forgotten = false;
    for (int c = 2 * team; c < 2 * team + 2; c++) {
      if (s.spellTurns[c][OBLIVIATE] > 0 && s.spellTarget[c][OBLIVIATE] == bl) forgotten = true;
    }
    if (forgotten) continue;
    const double dx = s.b[w].x - B.x, dy = s.b[w].y - B.y, d = dx * dx + dy * dy;
    if (d < bestD) { bestD = d; best = w; }
  }
  if (best < 0) return;
  double dx = s.b[best].x - B.x, dy = s.b[best].y - B.y;
  const double len = std::sqrt(dx * dx + dy * dy);
  if (len == 0) return;
  dx /= len; dy /= len;
  s.b[bl].vx += dx * 1000 * (1 / mass(bl));
  s.b[bl].vy += dy * 1000 * (1 / mass(bl));
}

void turn(State& s, const Command* cmd) {
  double ax[MAX_BODIES] = {}, ay[MAX_BODIES] = {};
  int pendingSpell[4], pendingTarget[4];
  // Commands.
  for (int w = 0; w < 4; w++) {
    pendingSpell[w] = -1;
    const Command& c = cmd[w];
    const int held = s.holding[w];
    Body& W = s.b[w];
    if (c.kind == MOVE) {
      if (c.x != W.x || c.y != W.y) {
        double dx = c.x - W.x, dy = c.y - W.y;
        double len = std::sqrt(dx * dx + dy * dy);
        dx /= len; dy /= len;
        len = std::sqrt(dx * dx + dy * dy);  // the referee normalises twice
        ax[w] = dx / len * c.power;
        ay[w] = dy / len * c.power;
      }
    } else if (c.kind == THROW) {
      if (held != -1 && (c.x != W.x || c.y != W.y)) {
        const double dx = c.x - W.x, dy = c.y - W.y, len = std::sqrt(dx * dx + dy * dy);
        ax[held] = dx / len * c.power;
        ay[held] = dy / len * c.power;
      }
    } else {
      const int team = w >> 1;
      if (s.magic[team] >= SPELL_COST[c.spell] && c.target >= 0 && c.target < N) {
        s.magic[team] -= SPELL_COST[c.spell];
        pendingSpell[w] = c.spell;
        pendingTarget[w] = c.target;
      }
    }
    if (held != -1) s.cooldown[w] = 3;
  }
  // Update: ignore lists of snaffles that no longer overlap are dropped.
  for (int sn = 4; sn < FIRST_BLUDGER; sn++) {
    int kept = 0;
    for (int k = 0; k < s.ignoreCount[sn]; k++) {
      const int o = s.ignore[sn][k];
      if (distance(s.b[sn], s.b[o]) <= 300) s.ignore[sn][kept++] = (signed char)o;
    }
    s.ignoreCount[sn] = kept;
  }
  // Wizards accelerate and release what they hold.
  for (int w = 0; w < 4; w++) {
    s.b[w].vx += ax[w];
    s.b[w].vy += ay[w];
    const int sn = s.holding[w];
    if (sn != -1) {
      if (s.spellTurns[w][ACCIO] > 0 && s.spellTarget[w][ACCIO] == sn) { s.spellTurns[w][ACCIO] = 0; s.spellTarget[w][ACCIO] = -1; }
      s.b[sn] = s.b[w];
      for (int o = 4; o < FIRST_BLUDGER; o++) {
        if (o == sn || !s.alive[o] || distance(s.b[sn], s.b[o]) > 300) continue;
        addIgnore(s, sn, o);
        addIgnore(s, o, sn);
      }
      s.holding[w] = -1;
      s.carrier[sn] = -1;
    }
    if (s.cooldown[w] > 0) s.cooldown[w]--;
  }
  for (int sn = 4; sn < FIRST_BLUDGER; sn++) {
    s.b[sn].vx += ax[sn] * (1 / mass(sn));
    s.b[sn].vy += ay[sn] * (1 / mass(sn));
  }
  for (int bl = FIRST_BLUDGER; bl < N; bl++) aimBludger(s, bl);
  applySpell(s, PETRIFICUS);
  applySpell(s, ACCIO);
  applySpell(s, FLIPENDO);
  applySpell(s, OBLIVIATE);  // only counts down (it acted in the bludgers' aim)
  s.magic[0] = std::min(100, s.magic[0] + 1);
  s.magic[1] = std::min(100, s.magic[1] + 1);
  collisionLoop(s);
  // Friction and symmetric rounding (half away from zero, never -0).
  for (int i = 0; i < N; i++) {
    if (isSnaffle(i) && s.carrier[i] != -1) continue;
    Body& B = s.b[i];
    const double keep = 1 - friction(i);
    B.vx *= keep; B.vy *= keep;
    B.x = std::round(B.x) + 0.0; B.y = std::round(B.y) + 0.0;
    B.vx = std::round(B.vx) + 0.0; B.vy = std::round(B.vy) + 0.0;
  }
  followCarrier(s);
  // Next round's preparation: the spells ordered this turn start.
  for (int w = 0; w < 4; w++) {
    if (pendingSpell[w] < 0) continue;
    s.spellTurns[w][pendingSpell[w]] = SPELL_DURATION[pendingSpell[w]];
    s.spellTarget[w][pendingSpell[w]] = pendingTarget[w];
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
