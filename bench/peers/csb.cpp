// A Coders Strike Back turn engine in C++, written the way a contest bot writer writes one
// (a pod is a struct, a state is four pods and the round, a copy is a struct assignment, the
// collision candidates a small array kept sorted by insertion), following the referee rules of
// data/contest/rules.md with the same operations (reciprocal masses, the 1e-5 batch window,
// Math.round and truncation, the checkpoint test along the collision way-points). It is the
// peer of bench/csb-cpp.bench.ts: "verify" replays recorded games and counts the fields that
// differ; "bench" times copy + one turn over the given roots and candidates.
//
// Trigonometry is the C library's (glibc: atan2, cos, sin), as a bot's would be; the referee's
// is fdlibm's, so the stored angle can differ in its last bit (on the CSB sample: 373 of 8,000
// angles; every position, velocity and checkpoint count is exact). "verify" counts them.
//
// Input (whitespace-separated numbers on stdin, "n" for null), see bench/csb-cpp.bench.ts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace {

constexpr int MAX_PATH = 64;
constexpr int SHIELD = -1, BOOST = -2;

struct Pod {
  double x, y, vx, vy, angle;
  bool hasAngle;
  int passed;
  int shieldRound;  // -1000000: never
  bool boostUsed;
  double mass, sx, sy;
  int pathLength;
  double pathT[MAX_PATH], pathX[MAX_PATH], pathY[MAX_PATH];
};

struct State {
  Pod pods[4];
  int round;
};

struct Command {
  double x, y;
  int thrust;  // 0..200, SHIELD or BOOST
};

struct Candidate {
  double t;
  int a, b;
};

int checkpointCount = 0;
double cpx[16], cpy[16];

double shortAngleDist(double a, double b) {
  const double da = std::fmod(b - a, 2 * M_PI);
  return std::fmod(2 * da, 2 * M_PI) - da;
}

double ptSegDist(double x1, double y1, double x2, double y2, double px, double py) {
  x2 -= x1; y2 -= y1; px -= x1; py -= y1;
  double dot = px * x2 + py * y2, proj;
  if (dot <= 0) {
    proj = 0;
  } else {
    px = x2 - px; py = y2 - py;
    dot = px * x2 + py * y2;
    proj = dot <= 0 ? 0 : dot * dot / (x2 * x2 + y2 * y2);
  }
  double len = px * px + py * py - proj;
  if (len < 0) len = 0;
  return std::sqrt(len);
}

void addWayPoint(Pod& p, double t) {
  if (p.pathLength > 0 && p.pathT[p.pathLength - 1] == t) p.pathLength--;
  if (p.pathLength == MAX_PATH) return;  // never reached in practice (a turn has few collisions)
  p.pathT[p.pathLength] = t; p.pathX[p.pathLength] = p.x; p.pathY[p.pathLength] = p.y;
  p.pathLength++;
}

void turn(State& s, const Command* commands) {
  const int r = s.round;
  for (int i = 0; i < 4; i++) {
    Pod& pod = s.pods[i];
    const Command& c = commands[i];
    double thrust = 0;
    if (c.thrust == SHIELD) pod.shieldRound = r;
    else if (c.thrust == BOOST) { thrust = 650; pod.boostUsed = true; }
    else thrust = c.thrust;
    if (r <= pod.shieldRound + 3) thrust = 0;
    pod.mass = pod.shieldRound == r ? 10 : 1;
    double ax = 0, ay = 0;
    if (c.x != pod.x || c.y != pod.y) {
      double a = std::atan2(c.y - pod.y, c.x - pod.x);
      if (pod.hasAngle) {
        const double d = shortAngleDist(pod.angle, a);
        if (std::fabs(d) >= M_PI / 10) a = pod.angle + (M_PI / 10) * (d > 0 ? 1 : d < 0 ? -1 : 0);
      }
      pod.angle = a; pod.hasAngle = true;
      const double ux = std::cos(a), uy = std::sin(a), l = std::sqrt(ux * ux + uy * uy);
      ax = ux / l * thrust; ay = uy / l * thrust;
    }
    pod.sx = pod.x; pod.sy = pod.y; pod.pathLength = 0;
    pod.vx += ax * (1 / pod.mass); pod.vy += ay * (1 / pod.mass);
  }
  double t = 0;
  Candidate cands[6];
  while (t < 1) {
    int n = 0;
    for (int i = 3; i >= 0; i--) {
      for (int j = i - 1; j >= 0; j--) {
        const Pod& A = s.pods[i];
        const Pod& B = s.pods[j];
        const double dx = A.x - B.x, dy = A.y - B.y;
        double ct;
        if (std::sqrt(dx * dx + dy * dy) <= 800) {
          ct = t;
        } else {
          const double dvx = A.vx - B.vx, dvy = A.vy - B.vy;
          const double a = dvx * dvx + dvy * dvy, b = dx * dvx + dy * dvy, cc = dx * dx + dy * dy - 640000;
          const double delta = b * b - a * cc;
          if (delta <= 0 || a == 0) continue;
          const double tau = std::min((-b + std::sqrt(delta)) / a, (-b - std::sqrt(delta)) / a);
          if (!(tau > 0 && tau <= 1 - t)) continue;
          ct = t + tau;
        }
        int k = n++;  // stable insertion: after every candidate of equal time
        while (k > 0 && cands[k - 1].t > ct) { cands[k] = cands[k - 1]; k--; }
        cands[k] = {ct, i, j};
      }
    }
    if (n == 0) {
      for (Pod& p : s.pods) { p.x += p.vx * (1 - t); p.y += p.vy * (1 - t); }
      break;
    }
    const double T = cands[0].t;
    if (T - t > 0) for (Pod& p : s.pods) { p.x += p.vx * (T - t); p.y += p.vy * (T - t); }
    for (int k = 0; k < n; k++) {
      const Candidate& c = cands[k];
      if (c.t > T + 1e-5) break;
      Pod& A = s.pods[c.a];
      Pod& B = s.pods[c.b];
      double nx = B.x - A.x, ny = B.y - A.y;
      const double dist = std::sqrt(nx * nx + ny * ny);
      if (dist != 0) { nx /= dist; ny /= dist; }
      const double f = (nx * (A.vx - B.vx) + ny * (A.vy - B.vy)) / (1 / A.mass + 1 / B.mass);
      const double J = f + std::max(120.0, f);
      A.vx += -J * nx * (1 / A.mass); A.vy += -J * ny * (1 / A.mass);
      B.vx += J * nx * (1 / B.mass); B.vy += J * ny * (1 / B.mass);
      const double diff = dist - 800;
      if (diff <= 0) {
        const double push = -diff / 2 + 1e-5;
        A.x -= nx * push; A.y -= ny * push; B.x += nx * push; B.y += ny * push;
      }
      addWayPoint(A, c.t);
      addWayPoint(B, c.t);
    }
    t = T;
  }
  for (Pod& p : s.pods) {
    p.vx *= 1 - 0.15; p.vy *= 1 - 0.15;
    p.x = std::floor(p.x + 0.5) + 0.0; p.y = std::floor(p.y + 0.5) + 0.0;
    p.vx = std::trunc(p.vx) + 0.0; p.vy = std::trunc(p.vy) + 0.0;
    for (int m = 0; m < checkpointCount; m++) {
      const int cp = p.passed % checkpointCount;
      bool hit = false;
      double x0 = p.sx, y0 = p.sy;
      for (int k = 0; k <= p.pathLength && !hit; k++) {
        const double x1 = k < p.pathLength ? p.pathX[k] : p.x, y1 = k < p.pathLength ? p.pathY[k] : p.y;
        hit = ptSegDist(x0, y0, x1, y1, cpx[cp], cpy[cp]) <= 600;
        x0 = x1; y0 = y1;
      }
      if (!hit) break;
      p.passed++;
    }
  }
  s.round++;
}

// ---- input -------------------------------------------------------------------------------

bool isNull = false;
double number() {
  char buf[64];
  if (std::scanf("%63s", buf) != 1) { std::fprintf(stderr, "csb peer: input ends early\n"); std::exit(2); }
  isNull = buf[0] == 'n';
  return isNull ? 0 : std::strtod(buf, nullptr);
}

void readCheckpoints() {
  checkpointCount = (int)number();
  if (checkpointCount < 2 || checkpointCount > 16) { std::fprintf(stderr, "csb peer: bad checkpoint count\n"); std::exit(2); }
  for (int i = 0; i < checkpointCount; i++) { cpx[i] = number(); cpy[i] = number(); }
}

void readPod(Pod& p) {
  std::memset(&p, 0, sizeof p);
  p.x = number(); p.y = number(); p.vx = number(); p.vy = number();
  p.angle = number(); p.hasAngle = !isNull;
  p.passed = (int)number();
  p.shieldRound = (int)number();
  if (isNull) p.shieldRound = -1000000;
  p.boostUsed = number() != 0;
  p.mass = 1;
}

Command readCommand() {
  Command c;
  c.x = number(); c.y = number(); c.thrust = (int)number();
  return c;
}

// verify: games, each: checkpoints, 4 initial pods, turns, each: 4 commands, 4 expected pods.
int verify() {
  const int games = (int)number();
  long fields = 0, differ = 0, turns = 0, byField[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int g = 0; g < games; g++) {
    readCheckpoints();
    State s;
    s.round = 0;
    for (Pod& p : s.pods) readPod(p);
    const int n = (int)number();
    for (int k = 0; k < n; k++) {
      Command cmd[4];
      for (Command& c : cmd) c = readCommand();
      turn(s, cmd);
      turns++;
      for (Pod& p : s.pods) {
        Pod e;
        readPod(e);
        const bool same[] = {e.x == p.x, e.y == p.y, e.vx == p.vx, e.vy == p.vy, e.angle == p.angle && e.hasAngle == p.hasAngle,
                             e.passed == p.passed, e.shieldRound == p.shieldRound, e.boostUsed == p.boostUsed};
        for (int f = 0; f < 8; f++) { fields++; if (!same[f]) { differ++; byField[f]++; } }
        p = e;  // continue from the record, so one difference does not spread
      }
    }
  }
  std::printf("%ld turns, %ld fields, %ld differ (x %ld, y %ld, vx %ld, vy %ld, angle %ld, passed %ld, shield %ld, boost %ld)\n", turns, fields, differ,
              byField[0], byField[1], byField[2], byField[3], byField[4], byField[5], byField[6], byField[7]);
  return 0;
}

// bench: checkpoints, roots (round + 4 pods each), candidates (root index + 4 commands), ops, samples.
int bench() {
  readCheckpoints();
  const int rootCount = (int)number();
  std::vector<State> roots(rootCount);
  for (State& s : roots) {
    s.round = (int)number();
    for (Pod& p : s.pods) readPod(p);
  }
  const int candidateCount = (int)number();
  std::vector<int> rootOf(candidateCount);
  std::vector<Command> commands(4 * candidateCount);
  for (int k = 0; k < candidateCount; k++) {
    rootOf[k] = (int)number();
    for (int i = 0; i < 4; i++) commands[4 * k + i] = readCommand();
  }
  const long ops = (long)number();
  const int samples = (int)number();
  double sink = 0;
  std::vector<double> rates;
  State s;
  for (int sample = -2; sample < samples; sample++) {  // two untimed warm-ups
    timespec c0, c1;  // CPU time of this process, as the carom side measures
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (long k = 0; k < ops; k++) {
      const int c = (int)(k % candidateCount);
      s = roots[rootOf[c]];
      turn(s, &commands[4 * c]);
      sink += s.pods[0].x;
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
  std::fprintf(stderr, "usage: csb verify|bench < input\n");
  return 2;
}
