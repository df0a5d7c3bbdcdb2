/*
 * A hard-sphere event-driven MD code in C, the design of the fast research codes (Smallenburg's
 * EDMD): monodisperse spheres of diameter 1 and mass 1 in a periodic cube; each particle keeps
 * its own time (positions are advanced lazily); per-particle neighbour lists of the particles
 * whose "shells" can touch (a particle stays within DELTA of the centre of its shell; two
 * particles are neighbours while their shell centres are closer than 1 + 2 DELTA), the shell
 * exit being an event that rebuilds that one particle's list from a cell grid; one event per
 * particle in an indexed binary heap; stale collision predictions dropped lazily by
 * per-particle collision counters. Collision times by the plain textbook root.
 *
 * It is the same-machine peer of HardSpheres in bench/science.bench.ts (BENCH_ONLY=cpeer), not a
 * copy of any published code. Usage:  edmd N eta warmup collisions seed
 * (N = 4 k^3 for an FCC start; warmup collisions melt the lattice first). Prints one line:
 * N collisions cpuSeconds events Z relativeEnergyDrift overlappingPairs neighbourOverflows.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DELTA 0.25
#define MAXNB 48
#define EV_COLLIDE 0
#define EV_SHELL 1

/* What a pair test reads fills one 64-byte line; the rest lives apart. */
typedef struct {
  double x, y, z, t, vx, vy, vz;
  int count, nn;
} Particle;

typedef struct {
  double cx, cy, cz; /* shell centre (inside the box) */
  double et;         /* event time */
  int type, partner, partnerCount;
  int cell, nextInCell, prevInCell;
} Schedule;

static Particle *P;
static Schedule *S;
static int *NB; /* NB[i * MAXNB + k]: the neighbours of i */
static int N;
static double L, halfL;
typedef struct { double t; int i; } HeapEntry;
static HeapEntry *heap; /* a binary heap of (event time, particle), the key kept in the entry */
static int *where;      /* where[i]: position of particle i in the heap */
static int ncell;
static double cellSize;
static int *cellHead;
static double virial = 0, now = 0;
static long events = 0, overflow = 0;

static uint64_t rng = 88172645463325252ull;
static double uniform(void) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (double)(rng >> 11) * 0x1.0p-53;
}

static double image(double d) {
  if (d > halfL) return d - L;
  if (d < -halfL) return d + L;
  return d;
}

/* ---- heap ---- */
/* Particle i's event time changed to S[i].et: move its entry up or down. */
static void heapFix(int i) {
  int k = where[i];
  const double t = S[i].et;
  while (k > 0 && t < heap[(k - 1) >> 1].t) {
    heap[k] = heap[(k - 1) >> 1]; where[heap[k].i] = k; k = (k - 1) >> 1;
  }
  for (;;) {
    int l = 2 * k + 1, r = l + 1, m = -1;
    double mt = t;
    if (l < N && heap[l].t < mt) { m = l; mt = heap[l].t; }
    if (r < N && heap[r].t < mt) m = r;
    if (m < 0) break;
    heap[k] = heap[m]; where[heap[k].i] = k; k = m;
  }
  heap[k].t = t; heap[k].i = i; where[i] = k;
}

/* ---- cells of shell centres ---- */
static int cellOf(double x, double y, double z) {
  int a = (int)(x / cellSize), b = (int)(y / cellSize), c = (int)(z / cellSize);
  if (a >= ncell) a = ncell - 1;
  if (b >= ncell) b = ncell - 1;
  if (c >= ncell) c = ncell - 1;
  if (a < 0) a = 0;
  if (b < 0) b = 0;
  if (c < 0) c = 0;
  return (c * ncell + b) * ncell + a;
}
static void cellRemove(int i) {
  Schedule *p = &S[i];
  if (p->prevInCell >= 0) S[p->prevInCell].nextInCell = p->nextInCell; else cellHead[p->cell] = p->nextInCell;
  if (p->nextInCell >= 0) S[p->nextInCell].prevInCell = p->prevInCell;
}
static void cellInsert(int i) {
  Schedule *p = &S[i];
  p->cell = cellOf(p->cx, p->cy, p->cz);
  p->prevInCell = -1; p->nextInCell = cellHead[p->cell];
  if (p->nextInCell >= 0) S[p->nextInCell].prevInCell = i;
  cellHead[p->cell] = i;
}

static void update(int i) {
  Particle *p = &P[i];
  double dt = now - p->t;
  p->x += p->vx * dt; p->y += p->vy * dt; p->z += p->vz * dt; p->t = now;
}

static void addNeighbour(int i, int j) {
  Particle *p = &P[i];
  int *nb = NB + (size_t)i * MAXNB;
  for (int k = 0; k < p->nn; k++) if (nb[k] == j) return;
  if (p->nn == MAXNB) { overflow++; return; }
  nb[p->nn++] = j;
}
static void dropNeighbour(int i, int j) {
  Particle *p = &P[i];
  int *nb = NB + (size_t)i * MAXNB;
  for (int k = 0; k < p->nn; k++) if (nb[k] == j) { nb[k] = nb[--p->nn]; return; }
}

/* A new shell centred on i's current position (wrapped into the box), and its new list. */
static void rebuildList(int i) {
  Particle *p = &P[i];
  Schedule *sp = &S[i];
  update(i);
  p->x -= L * floor(p->x / L); p->y -= L * floor(p->y / L); p->z -= L * floor(p->z / L);
  for (int k = 0; k < p->nn; k++) dropNeighbour(NB[(size_t)i * MAXNB + k], i);
  p->nn = 0;
  cellRemove(i);
  sp->cx = p->x; sp->cy = p->y; sp->cz = p->z;
  cellInsert(i);
  const double reach = 1 + 2 * DELTA, reach2 = reach * reach;
  int a = sp->cell % ncell, b = (sp->cell / ncell) % ncell, c = sp->cell / (ncell * ncell);
  for (int dc = -1; dc <= 1; dc++)
    for (int db = -1; db <= 1; db++)
      for (int da = -1; da <= 1; da++) {
        int cell = ((c + dc + ncell) % ncell * ncell + (b + db + ncell) % ncell) * ncell + (a + da + ncell) % ncell;
        for (int j = cellHead[cell]; j >= 0; j = S[j].nextInCell) {
          if (j == i) continue;
          double dx = image(S[j].cx - sp->cx), dy = image(S[j].cy - sp->cy), dz = image(S[j].cz - sp->cz);
          if (dx * dx + dy * dy + dz * dz < reach2) { addNeighbour(i, j); addNeighbour(j, i); }
        }
      }
}

/* i's next event: the first collision with a neighbour, or its shell exit. */
static void predict(int i) {
  Particle *p = &P[i];
  Schedule *sp = &S[i];
  const int *nb = NB + (size_t)i * MAXNB;
  /* shell exit: |x + v s - c| = DELTA, the positive root */
  double ex = image(p->x - sp->cx), ey = image(p->y - sp->cy), ez = image(p->z - sp->cz);
  double a = p->vx * p->vx + p->vy * p->vy + p->vz * p->vz;
  double b = ex * p->vx + ey * p->vy + ez * p->vz;
  double c = ex * ex + ey * ey + ez * ez - DELTA * DELTA;
  double best = a > 0 ? p->t + (-b + sqrt(b * b - a * c)) / a : INFINITY;
  int type = EV_SHELL, partner = -1;
  for (int k = 0; k < p->nn; k++) {
    int j = nb[k];
    Particle *q = &P[j];
    double tj = now - q->t, ti = now - p->t;
    double dx = image(q->x + q->vx * tj - p->x - p->vx * ti);
    double dy = image(q->y + q->vy * tj - p->y - p->vy * ti);
    double dz = image(q->z + q->vz * tj - p->z - p->vz * ti);
    double wx = q->vx - p->vx, wy = q->vy - p->vy, wz = q->vz - p->vz;
    double bb = dx * wx + dy * wy + dz * wz;
    if (bb >= 0) continue;
    double aa = wx * wx + wy * wy + wz * wz;
    double cc = dx * dx + dy * dy + dz * dz - 1;
    double disc = bb * bb - aa * cc;
    if (disc < 0) continue;
    double s = cc / (sqrt(disc) - bb);
    if (s < 0) s = 0;
    if (now + s < best) { best = now + s; type = EV_COLLIDE; partner = j; }
  }
  sp->et = best; sp->type = type; sp->partner = partner;
  sp->partnerCount = partner >= 0 ? P[partner].count : 0;
  heapFix(i);
}

static void collide(int i, int j) {
  update(i); update(j);
  Particle *p = &P[i], *q = &P[j];
  double dx = image(q->x - p->x), dy = image(q->y - p->y), dz = image(q->z - p->z);
  double wx = q->vx - p->vx, wy = q->vy - p->vy, wz = q->vz - p->vz;
  double r2 = dx * dx + dy * dy + dz * dz;
  double bb = (dx * wx + dy * wy + dz * wz) / r2;
  p->vx += bb * dx; p->vy += bb * dy; p->vz += bb * dz;
  q->vx -= bb * dx; q->vy -= bb * dy; q->vz -= bb * dz;
  virial += -bb * r2; /* |Δp| sigma */
  p->count++; q->count++;
}

static double energy(void) {
  double e = 0;
  for (int i = 0; i < N; i++) e += P[i].vx * P[i].vx + P[i].vy * P[i].vy + P[i].vz * P[i].vz;
  return 0.5 * e;
}

static long overlaps(void) {
  long n = 0;
  for (int i = 0; i < N; i++) update(i);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < P[i].nn; k++) {
      int j = NB[(size_t)i * MAXNB + k];
      if (j < i) continue;
      double dx = image(P[j].x - P[i].x), dy = image(P[j].y - P[i].y), dz = image(P[j].z - P[i].z);
      dx = image(dx); dy = image(dy); dz = image(dz);
      if (dx * dx + dy * dy + dz * dz < 1 - 1e-9) n++;
    }
  return n;
}

static long run(long collisions) {
  long done = 0;
  while (done < collisions) {
    int i = heap[0].i;
    Schedule *p = &S[i];
    now = p->et;
    events++;
    if (p->type == EV_SHELL) {
      rebuildList(i);
      predict(i);
    } else {
      int j = p->partner;
      if (P[j].count != p->partnerCount) { predict(i); continue; }
      collide(i, j);
      done++;
      predict(i);
      predict(j);
    }
  }
  return done;
}

int main(int argc, char **argv) {
  if (argc != 6) { fprintf(stderr, "usage: edmd N eta warmup collisions seed\n"); return 2; }
  N = atoi(argv[1]);
  double eta = atof(argv[2]);
  long warmup = atol(argv[3]), collisions = atol(argv[4]);
  rng ^= (uint64_t)atoll(argv[5]) * 0x9e3779b97f4a7c15ull;
  int k = (int)round(cbrt(N / 4.0));
  if (4 * k * k * k != N || eta <= 0 || eta >= 0.7 || warmup < 0 || collisions <= 0) {
    fprintf(stderr, "edmd: N must be 4 k^3, 0 < eta < 0.7, warmup >= 0, collisions > 0\n");
    return 2;
  }
  L = cbrt(N * M_PI / (6 * eta)); halfL = L / 2;
  P = aligned_alloc(64, ((size_t)N * sizeof *P + 63) / 64 * 64); memset(P, 0, (size_t)N * sizeof *P); S = calloc(N, sizeof *S); NB = malloc((size_t)N * MAXNB * sizeof *NB); heap = malloc(N * sizeof *heap); where = malloc(N * sizeof *where);
  ncell = (int)(L / (1 + 2 * DELTA)); if (ncell < 3) { fprintf(stderr, "edmd: box too small\n"); return 2; }
  cellSize = L / ncell;
  cellHead = malloc((size_t)ncell * ncell * ncell * sizeof *cellHead);
  for (int c = 0; c < ncell * ncell * ncell; c++) cellHead[c] = -1;
  double a = L / k, off[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  double sv[3] = {0, 0, 0};
  int n = 0;
  for (int x = 0; x < k; x++) for (int y = 0; y < k; y++) for (int z = 0; z < k; z++)
    for (int m = 0; m < 4; m++, n++) {
      Particle *p = &P[n];
      p->x = (x + off[m][0] + 0.25) * a; p->y = (y + off[m][1] + 0.25) * a; p->z = (z + off[m][2] + 0.25) * a;
      p->vx = uniform() - 0.5; p->vy = uniform() - 0.5; p->vz = uniform() - 0.5;
      sv[0] += p->vx; sv[1] += p->vy; sv[2] += p->vz;
      S[n].cx = p->x; S[n].cy = p->y; S[n].cz = p->z; p->nn = 0;
    }
  double e = 0;
  for (int i = 0; i < N; i++) { P[i].vx -= sv[0] / N; P[i].vy -= sv[1] / N; P[i].vz -= sv[2] / N; }
  for (int i = 0; i < N; i++) e += P[i].vx * P[i].vx + P[i].vy * P[i].vy + P[i].vz * P[i].vz;
  double scale = sqrt(3.0 * N / e); /* kT = 1 */
  for (int i = 0; i < N; i++) { P[i].vx *= scale; P[i].vy *= scale; P[i].vz *= scale; }
  for (int i = 0; i < N; i++) { heap[i].i = i; heap[i].t = 0; where[i] = i; S[i].et = 0; cellInsert(i); }
  for (int i = 0; i < N; i++) rebuildList(i);
  for (int i = 0; i < N; i++) predict(i);
  run(warmup); /* melt the lattice */
  double e0 = energy(), t0 = now;
  virial = 0; events = 0;
  struct timespec c0, c1;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
  long done = run(collisions);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
  double seconds = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
  double Z = 1 + virial / (3.0 * N * (now - t0)); /* kT = 1, m = 1, sigma = 1 */
  printf("%d %ld %.6f %ld %.6f %.3e %ld %ld\n", N, done, seconds, events, Z, fabs(energy() - e0) / e0, overlaps(), overflow);
  return 0;
}
