"""Write the sealed held-out retention conversations: ``<name>.jsonl`` and ``<name>.facts.json``.

Run ``python tests/data/heldout_sealed/make_sealed.py`` from the repository root. The output is
deterministic (bulk tool output comes from a ``random.Random`` seeded per conversation, and only
bulk tool output does); tests read the committed files, never this script. The script is
standalone: it imports nothing from nbagent.

This is a second held-out set, written independently of nbagent's fact extractor and of the first
held-out set (``tests/data/heldout``): other domains, other languages. It is for measuring fact
retention only and must never be used to tune the extractor (see README.md).

The file formats and the builder conventions are those of ``tests/data/heldout/make_heldout.py``.
Each turn's facts are declared next to the text that states them, so the turn numbers in
``.facts.json`` are computed, and every fact is checked to occur verbatim in the user message
(``source: user``) or in a tool result (``source: tool``) of its turn.

Fact kinds: ``hard`` (an exact value), ``constraint`` (a rule the user set), ``decision`` (a
choice the user made). For constraints and decisions the text is the key phrase a reader needs.
A correction's ``old`` value is not a fact (it is superseded); ``new`` must be shown as current.
Some corrections carry a cue word ("actually", "en fait", "eigentlich", "やっぱり", "na verdade"),
at least one per conversation carries none: the same statement made again with another value.

Extra self-checks of this script (they change nothing in the output format): a tool-only fact
must not be in any user message up to its turn; no fact repeats a correction's ``old`` value; and
``recall=`` on a turn names facts the reply must give back (verbatim or an accepted spelling),
used to check that most of the last ten turns ask for facts stated in the first ten.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

# -- the builder (adapted from tests/data/heldout/make_heldout.py) -----------------------------


@dataclass(frozen=True)
class F:
    """One fact: its text, kind, where it is stated, and accepted alternative spellings."""

    text: str
    kind: str = "hard"
    source: str = "user"
    accept: tuple[str, ...] = ()


def H(text: str, *accept: str) -> F:
    """A hard fact the user states."""
    return F(text, "hard", "user", accept)


def HT(text: str, *accept: str) -> F:
    """A hard fact that appears only in a tool result of the turn."""
    return F(text, "hard", "tool", accept)


def K(text: str, *accept: str) -> F:
    """A constraint the user sets (text: the key phrase)."""
    return F(text, "constraint", "user", accept)


def D(text: str, *accept: str) -> F:
    """A decision the user makes (text: the key phrase)."""
    return F(text, "decision", "user", accept)


Tool = tuple[str, dict[str, Any], str]
"""(tool name, input, result text)."""


@dataclass
class Conversation:
    name: str
    language: str
    domain: str
    cues: tuple[str, ...] = ()
    """Correction cue words of the language (lower case), to check that one correction has none."""
    messages: list[dict[str, Any]] = field(default_factory=list)
    facts: list[dict[str, Any]] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    users: list[str] = field(default_factory=list)
    results: list[list[str]] = field(default_factory=list)
    recalls: dict[int, list[int]] = field(default_factory=dict)

    @property
    def turns(self) -> int:
        return len(self.users)

    def turn(
        self,
        user: str,
        reply: str,
        *,
        tools: Sequence[Tool] = (),
        facts: Sequence[F] = (),
        fix: tuple[str, str] | None = None,
        lead: str = "",
        recall: Sequence[str] = (),
    ) -> None:
        """One turn: the user message, tool calls (one assistant message calling them all,
        introduced by ``lead``), their results, then ``reply``. ``recall``: texts of earlier
        facts that ``reply`` gives back."""
        n = self.turns
        self.users.append(user)
        self.results.append([t[2] for t in tools])
        self.messages.append({"role": "user", "content": [{"type": "text", "text": user}]})
        if tools:
            blocks: list[dict[str, Any]] = []
            if lead:
                blocks.append({"type": "text", "text": lead})
            ids = [f"call_{self.name[:6]}_{n:02d}_{k}" for k in range(len(tools))]
            for call_id, (name, args, _) in zip(ids, tools, strict=True):
                blocks.append({"type": "tool_use", "id": call_id, "name": name, "input": args})
            self.messages.append({"role": "assistant", "content": blocks})
            for call_id, (name, _, result) in zip(ids, tools, strict=True):
                self.messages.append(
                    {
                        "role": "tool",
                        "tool_call_id": call_id,
                        "content": [{"type": "text", "text": result}],
                        "is_error": result.startswith("ERROR"),
                        "tool_name": name,
                    }
                )
        self.messages.append({"role": "assistant", "content": [{"type": "text", "text": reply}]})
        for fact in facts:
            where = user if fact.source == "user" else "\n".join(t[2] for t in tools)
            assert fact.text in where, (
                f"{self.name} turn {n}: {fact.text!r} not in its {fact.source}"
            )
            if fact.source == "tool":  # no user message stated it up to this turn
                assert not any(fact.text in u for u in self.users), (
                    f"{self.name} turn {n}: tool fact {fact.text!r} in a user message"
                )
            assert all(f["text"] != fact.text for f in self.facts), (
                f"{self.name}: {fact.text!r} twice"
            )
            self.facts.append(
                {
                    "text": fact.text,
                    "accept": list(fact.accept),
                    "kind": fact.kind,
                    "turn": n,
                    "source": fact.source,
                }
            )
        if fix is not None:
            old, new = fix
            assert new in user, f"{self.name} turn {n}: correction {new!r} not in the user text"
            earlier = [i for i, text in enumerate(self.users[:-1]) if old in text]
            assert earlier, f"{self.name}: the corrected value {old!r} was never stated"
            self.corrections.append({"old": old, "new": new, "turn_old": earlier[0], "turn_new": n})
        known = {f["text"]: f for f in self.facts}
        for text in recall:
            assert text in known, f"{self.name} turn {n}: recall of unknown fact {text!r}"
            spellings = [text, *known[text]["accept"]]
            assert any(s in reply for s in spellings), (
                f"{self.name} turn {n}: reply does not give back {text!r}"
            )
            self.recalls.setdefault(n, []).append(known[text]["turn"])

    def write(self, folder: Path) -> int:
        assert 40 <= self.turns <= 60, f"{self.name}: {self.turns} turns"
        kinds = [f["kind"] for f in self.facts]
        hard = [f for f in self.facts if f["kind"] == "hard"]
        assert 15 <= len(hard) <= 30, f"{self.name}: {len(hard)} hard"
        assert sum(f["source"] == "user" for f in hard) >= 5, f"{self.name}: few user facts"
        assert sum(f["source"] == "tool" for f in hard) >= 5, f"{self.name}: few tool facts"
        assert 3 <= kinds.count("constraint") <= 6, f"{self.name}: constraints"
        assert 2 <= kinds.count("decision") <= 5, f"{self.name}: decisions"
        assert 2 <= len(self.corrections) <= 4, f"{self.name}: corrections"
        olds = {c["old"] for c in self.corrections}
        for f in self.facts:
            assert not any(o in f["text"] or f["text"] in o for o in olds), (
                f"{self.name}: fact {f['text']!r} overlaps a superseded value"
            )
        plain = [
            c
            for c in self.corrections
            if not any(cue in self.users[c["turn_new"]].lower() for cue in self.cues)
        ]
        assert plain, f"{self.name}: every correction carries a cue word"
        assert len(plain) < len(self.corrections), f"{self.name}: no correction with a cue word"
        late = [n for n in range(self.turns - 10, self.turns) if self.recalls.get(n)]
        early = [n for n in late if min(self.recalls[n]) < 10]
        assert len(early) >= 6, f"{self.name}: only {len(early)} late turns recall early facts"
        sizes = [len(r.encode()) for rs in self.results for r in rs]
        big = [s for s in sizes if s >= 2_000]
        assert len(big) >= 5 and max(sizes) <= 20_500, (self.name, sorted(sizes)[-6:])
        lines = [json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in self.messages]
        data = "\n".join(lines) + "\n"
        (folder / f"{self.name}.jsonl").write_text(data, encoding="utf-8")
        facts = {
            "language": self.language,
            "domain": self.domain,
            "facts": self.facts,
            "corrections": self.corrections,
        }
        text = json.dumps(facts, ensure_ascii=False, indent=1) + "\n"
        (folder / f"{self.name}.facts.json").write_text(text, encoding="utf-8")
        return len(data.encode())


def hexid(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def alnum(rng: random.Random, n: int = 5) -> str:
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(n))


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], sep: str = ",") -> str:
    return "\n".join(sep.join(str(c) for c in row) for row in [header, *rows])


def euro_fr(cents: int) -> str:
    """1250,00 € in French style: '1 250,00 €'."""
    whole, frac = divmod(cents, 100)
    return f"{whole:,}".replace(",", " ") + f",{frac:02d} €"


def euro_de(cents: int) -> str:
    """In German style: '12.500,00 EUR'."""
    whole, frac = divmod(cents, 100)
    return f"{whole:,}".replace(",", ".") + f",{frac:02d} EUR"


# -- 1. secrétariat d'un cabinet médical (French) ----------------------------------------------

PRENOMS = [
    "Jeanne",
    "Louis",
    "Camille",
    "Hugo",
    "Chloé",
    "Lucas",
    "Manon",
    "Nathan",
    "Léa",
    "Jules",
    "Inès",
    "Paul",
    "Sarah",
    "Arthur",
    "Emma",
    "Marc",
    "Claire",
    "Julien",
    "Nadia",
    "Yves",
    "Monique",
    "Gérard",
    "Sylvie",
    "Bernard",
    "Aïcha",
    "Karim",
    "Solène",
    "Thierry",
]
NOMS = [
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
    "Simon",
    "Laurent",
    "Lefebvre",
    "Michel",
    "Garcia",
    "David",
    "Bertrand",
    "Vincent",
    "Fournier",
    "Morel",
    "Girard",
    "Mercier",
    "Blanc",
    "Guérin",
    "Boyer",
    "Garnier",
    "Chevalier",
    "Legrand",
    "Gauthier",
    "Perrin",
    "Robin",
    "Clément",
    "Morin",
    "Henry",
    "Roussel",
    "Mathieu",
]
MOTIFS = [
    "renouvellement ordonnance",
    "certificat sport",
    "fièvre enfant",
    "suivi diabète",
    "douleur lombaire",
    "vaccin",
    "suivi HTA",
    "résultats bilan",
    "toux",
    "arrêt de travail",
    "contrôle tension",
    "infiltration genou",
    "suivi grossesse",
    "angine",
]
JOURS = {8: "lundi", 9: "mardi", 10: "mercredi", 11: "jeudi", 12: "vendredi"}


def fr_patient(rng: random.Random) -> str:
    return f"{rng.choice(NOMS).upper()} {rng.choice(PRENOMS)}"


def agenda_fr(rng: random.Random, doctor: str, days: Sequence[int], pinned: dict[str, Any]) -> str:
    rdv = []
    for day in days:
        minute = 8 * 60 + 20
        while minute < 18 * 60 + 40:
            minute += rng.choice([20, 20, 20, 40])
            if rng.random() < 0.45:
                continue
            rdv.append(
                {
                    "id": f"RDV-7{rng.randint(1000, 6999)}",
                    "date": f"2027-03-{day:02d}",
                    "heure": f"{minute // 60:02d}:{minute % 60:02d}",
                    "duree": 20,
                    "patient": fr_patient(rng),
                    "motif": rng.choice(MOTIFS),
                }
            )
    rdv.append(pinned)
    rdv.sort(key=lambda r: (r["date"], r["heure"]))
    body = ",\n".join(json.dumps(r, ensure_ascii=False) for r in rdv)
    return f'{{"praticien": "{doctor}", "nb_rdv": {len(rdv)}, "rdv": [\n{body}\n]}}'


def slots_fr(rng: random.Random, doctor: str, dates: Sequence[str], keep: Sequence[str]) -> str:
    lines = [f"Disponibilités {doctor}"]
    for date in dates:
        minute = 8 * 60 + 40
        while minute < 18 * 60 + 20:
            hhmm = f"{minute // 60:02d}:{minute % 60:02d}"
            state = "libre" if rng.random() < 0.35 else "occupé"
            if f"{date} {hhmm}" in keep:
                state = "libre"
            lines.append(f"{date} {hhmm}  {state}  cabinet {rng.choice(['1', '2', '3'])}")
            minute += 20
    return "\n".join(lines)


def factures_fr(rng: random.Random) -> str:
    pinned = (
        "FAC-2027-02-0419",
        "03/02/2027",
        "BENHAMOU Rachid",
        "Dr Marchetti",
        "exérèse kyste sébacé QZFA036",
        23000,
        31,
    )
    while True:
        amounts = [rng.choice([2650, 3000, 2300, 2650, 3000, 1650, 4600]) for _ in range(34)]
        last = 125000 - pinned[5] - sum(amounts)
        if 2000 <= last <= 7000:
            break
    amounts.append(last)
    rows = []
    for k, cents in enumerate(amounts):
        day = rng.randint(1, 28)
        rows.append(
            (
                f"FAC-2027-02-{rng.randint(100, 999):04d}" if k % 7 else f"FAC-2027-02-{k:04d}",
                f"{day:02d}/02/2027",
                fr_patient(rng),
                rng.choice(["Dr Marchetti", "Dr Nguyen-Vallet", "Dr Marchetti"]),
                rng.choice(["consultation G", "consultation G + MEG", "APC", "VG domicile"]),
                cents,
                33 - day + rng.randint(0, 2),
            )
        )
    rows.insert(11, pinned)
    body = table(
        ["n_facture", "date", "patient", "praticien", "acte", "reste_du", "anciennete_j"],
        [(*r[:5], euro_fr(r[5]), f"{r[6]} j") for r in rows],
        " ; ",
    )
    return (
        f"Factures impayées — février 2027 (au 05/03/2027)\n{body}\n\n"
        f"TOTAL IMPAYÉS : {euro_fr(125000)} ({len(rows)} factures)"
    )


def dossier_besnard(rng: random.Random) -> str:
    visits = [
        {
            "date": f"20{rng.randint(22, 27)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            "praticien": rng.choice(["Dr Marchetti", "Dr Roux (remplaçante)"]),
            "motif": rng.choice(MOTIFS),
            "ta": f"{rng.randint(120, 155)}/{rng.randint(70, 92)}",
        }
        for _ in range(28)
    ]
    inr = [
        {"date": f"2026-{m:02d}-{rng.randint(1, 28):02d}", "inr": f"{rng.uniform(1.9, 3.1):.1f}"}
        for m in range(1, 13)
    ]
    return json.dumps(
        {
            "patient": "BESNARD Odile",
            "n_dossier": "48213-B",
            "naissance": "14/06/1949",
            "medecin_traitant": "Dr Marchetti",
            "allergies": ["pénicillines (urticaire géant, 2011)", "latex"],
            "traitements": [
                "fluindione 20 mg, 3/4 cp le soir (AVK)",
                "bisoprolol 2,5 mg le matin",
                "atorvastatine 10 mg",
            ],
            "alerte": "AVK — INR cible 2-3, contrôle au labo Bioaxe Tilleuls",
            "consultations": visits,
            "inr_2026": inr,
        },
        ensure_ascii=False,
        indent=1,
    )


def tarifs_fr(rng: random.Random) -> str:
    lines = [
        "Nomenclature — tarifs secteur 1 au 01/01/2027 (extrait)",
        "G ; Consultation médecin généraliste ; 30,00 €",
        "GS ; Consultation spécialiste en médecine générale ; 30,00 €",
        "VG ; Visite à domicile ; 30,00 € + MD 10,00 €",
        "APC ; Avis ponctuel de consultant ; 60,00 €",
        "GL ; Consultation longue (≥ 80 ans, sortie d'hospitalisation) ; 60,00 €",
        "MEG ; Majoration enfant 0-6 ans ; 5,00 €",
        "MCG ; Majoration coordination ; 5,00 €",
    ]
    for _ in range(70):
        code = "".join(rng.choice("ABCDEFGHJKLMNPQRSTVZ") for _ in range(4)) + str(
            rng.randint(1, 9)
        ).rjust(3, "0")
        lines.append(
            f"{code} ; acte technique {rng.choice(['dermatologie', 'petite chirurgie', 'ECG'])}"
            f" ; {euro_fr(rng.randint(9, 120) * 100 + rng.choice([0, 50, 96]))}"
        )
    return "\n".join(lines)


def noemie_fr(rng: random.Random) -> str:
    lines = [
        "Retours NOEMIE — semaine 9 (01/03/2027 → 05/03/2027)",
        "date ; lot ; patient ; FSE ; statut ; montant",
    ]
    for k in range(95):
        if k == 57:
            lines.append(
                "04/03/2027 ; lot 0417 ; FERRAND Lucas ; FSE 00482117 ; REJET ; 26,50 € ; "
                "motif A21 : droits AMO fermés au 31/01/2027"
            )
        lines.append(
            f"0{rng.randint(1, 5)}/03/2027 ; lot 04{rng.randint(10, 19)} ; {fr_patient(rng)} ; "
            f"FSE 00{rng.randint(400000, 499999)} ; payé ; "
            f"{euro_fr(rng.choice([2650, 3000, 2300]))}"
        )
    lines.append("Total : 96 FSE, 95 payées, 1 rejet")
    return "\n".join(lines)


def compte_rendu_ortiz(rng: random.Random) -> str:
    lines = [
        "MSSanté — De : dr.ortiz@medecin.mssante.fr — Objet : transmission dossier M. LENOIR "
        "Gaspard",
        "Chère consœur, je vous adresse M. Gaspard Lenoir, 68 ans, que je suivais depuis 2009.",
        "ANTÉCÉDENTS : diabète de type 2 (2014), HTA, cholécystectomie (2019).",
        "ALLERGIE : allergie à l'iode (choc anaphylactique lors d'un scanner injecté, 2016).",
        "TRAITEMENT : metformine 1000 mg x2, ramipril 5 mg, atorvastatine 20 mg.",
        "Biologies jointes :",
    ]
    for _ in range(70):
        lines.append(
            f"  20{rng.randint(18, 26)}-{rng.randint(1, 12):02d} : HbA1c "
            f"{rng.uniform(6.2, 8.4):.1f} %"
            f", créat {rng.randint(68, 110)} µmol/L, DFG {rng.randint(60, 95)}"
        )
    lines.append("Bien confraternellement, Dr Jean-Michel Ortiz")
    return "\n".join(lines)


def clinic(out: Path) -> int:
    rng = random.Random(101)
    c = Conversation(
        "clinic_fr",
        "fr",
        "secrétariat de cabinet médical : agenda, dossiers, facturation",
        cues=(
            "en fait",
            "finalement",
            "plutôt",
            "non,",
            "correction",
            "erreur",
            "change",
            "pardon",
        ),
    )
    agenda = agenda_fr(
        rng,
        "Dr Hélène Marchetti",
        [8, 9, 10, 11, 12],
        {
            "id": "RDV-70418",
            "date": "2027-03-09",
            "heure": "09:40",
            "duree": 20,
            "patient": "BESNARD Odile",
            "motif": "renouvellement AVK",
        },
    )
    nb = json.loads(agenda)["nb_rdv"]
    c.turn(
        "bonjour ! c'est Sandrine. le Dr Marchetti part en congé du 8 au 12 mars, il faut "
        "déplacer tous ses RDV de cette semaine-là. tu me sors son agenda ?",
        f"Bonjour Sandrine. Le Dr Marchetti a {nb} rendez-vous du lundi 8 au vendredi 12 mars. "
        "Les premiers à traiter sont ceux des renouvellements d'ordonnance, dont Mme "
        "Besnard mardi 9 mars à 9 h 40. À vue de nez, un tiers des patients pourront basculer "
        "sur la remplaçante, les autres attendront son retour.",
        tools=[
            (
                "agenda_lister",
                {"praticien": "Dr Marchetti", "du": "2027-03-08", "au": "2027-03-12"},
                agenda,
            )
        ],
        lead="Je regarde son agenda.",
        facts=[H("du 8 au 12 mars")],
    )
    c.turn(
        "commence par Odile Besnard. ouvre son dossier stp",
        "Mme Besnard, née le 14/06/1949, dossier 48213-B. Attention : allergique aux "
        "pénicillines et au latex, et sous AVK (fluindione 20 mg, 3/4 de comprimé le soir). "
        "Ses derniers INR sont entre 2 et 3, bien équilibrée.",
        tools=[("dossier_patient", {"nom": "BESNARD", "prenom": "Odile"}, dossier_besnard(rng))],
        facts=[H("Odile Besnard"), HT("48213-B"), HT("fluindione")],
    )
    c.turn(
        "oui elle est sous AVK, donc pour elle c'est toujours le matin : elle passe au labo à "
        "7h pour l'INR et le médecin veut le résultat en consultation",
        "Compris : rendez-vous de Mme Besnard toujours le matin, après son INR de 7 h.",
        facts=[K("toujours le matin")],
    )
    c.turn(
        "et surtout rien à base de pénicilline pour elle, même si c'est la remplaçante qui "
        "prescrit. je le redis parce que la Dr Roux ne lit jamais les alertes du logiciel",
        "C'est noté et j'ai renforcé l'alerte dans le dossier. Si la Dr Roux prescrit un "
        "antibiotique, je lui rappellerai l'allergie avant la consultation.",
        facts=[K("rien à base de pénicilline")],
    )
    roux = slots_fr(
        rng,
        "Dr Roux (remplaçante)",
        ["2027-03-08", "2027-03-09", "2027-03-10", "2027-03-11", "2027-03-12"],
        ["2027-03-11 09:20", "2027-03-12 10:40"],
    )
    c.turn(
        "la Dr Roux peut la prendre jeudi 11 mars à 9 h 20 ? si oui tu la mets",
        "Le créneau était libre : Mme Besnard est inscrite jeudi 11 mars à 9 h 20 avec la Dr "
        "Roux, cabinet 2. J'ai annulé l'ancien rendez-vous du mardi.",
        tools=[
            ("agenda_disponibilites", {"praticien": "Dr Roux", "semaine": "2027-W10"}, roux),
            (
                "agenda_creer",
                {
                    "praticien": "Dr Roux",
                    "patient": "48213-B",
                    "date": "2027-03-11",
                    "heure": "09:20",
                },
                '{"statut": "créé", "id": "RDV-77120", "annule": "RDV-70418"}',
            ),
        ],
        facts=[HT("RDV-77120")],
    )
    c.turn(
        "top. SMS de confirmation à Mme Besnard, son portable c'est le 06 12 84 57 30",
        "SMS envoyé au 06 12 84 57 30 : « Votre RDV est déplacé au jeudi 11 mars à 9 h 20 avec "
        "la Dr Roux. Cabinet des Tilleuls. »",
        tools=[
            (
                "envoyer_sms",
                {
                    "numero": "06 12 84 57 30",
                    "texte": "Votre RDV est déplacé au jeudi 11 mars à 9h20 avec la Dr Roux.",
                },
                '{"statut": "envoyé", "id": "SMS-5521"}',
            )
        ],
        facts=[H("06 12 84 57 30", "0612845730", "06.12.84.57.30")],
    )
    c.turn(
        "il pleut des cordes, la salle d'attente est pleine de parapluies mouillés",
        "Courage ! Un porte-parapluies à l'entrée éviterait peut-être les flaques.",
    )
    c.turn(
        "autre chose, la compta veut les impayés de février. tu me sors la liste ?",
        "36 factures impayées pour février, pour un total de 1 250,00 €. La plus grosse est "
        "FAC-2027-02-0419, M. Rachid Benhamou, 230,00 € (exérèse de kyste), à 31 jours. Le "
        "reste, ce sont surtout des consultations à 26,50 € ou 30,00 € non réglées en tiers "
        "payant partiel. Je dirais qu'environ 80 % se régularisent d'eux-mêmes sous un mois.",
        tools=[("factures_lister", {"mois": "2027-02", "statut": "impayé"}, factures_fr(rng))],
        facts=[
            HT("1 250,00 €", "1250,00 €", "1 250,00", "1250,00", "1 250 €"),
            HT("FAC-2027-02-0419"),
        ],
    )
    c.turn(
        "celles de plus de 30 jours on relance par courrier, les autres par mail comme d'hab",
        "D'accord : relance par courrier pour celles de plus de 30 jours, par e-mail pour les "
        "autres. Je prépare les deux lots.",
        facts=[D("plus de 30 jours on relance par courrier", "relance par courrier")],
    )
    c.turn(
        "M. Benhamou a appelé la semaine dernière, il est ok pour payer en trois fois. tu fais "
        "l'échéancier : 3 prélèvements de 76,67 €, le premier le 5 avril",
        "Échéancier créé pour FAC-2027-02-0419 : 76,67 € le 5 avril, le 5 mai et 76,66 € le 5 "
        "juin, soit 230,00 €. Je le sors du lot de relances.",
        tools=[
            (
                "echeancier_creer",
                {"facture": "FAC-2027-02-0419", "echeances": 3, "premier": "2027-04-05"},
                '{"statut": "créé", "id": "ECH-0093", "echeances": ["76,67 €", "76,67 €", "76,66 '
                '€"]}',
            )
        ],
        facts=[D("payer en trois fois", "en trois fois", "échéancier")],
    )
    c.turn(
        "nouveau patient à créer : M. Gaspard Lenoir, né le 02/11/1958, n° de sécu "
        "1 58 11 75 112 044 87, mutuelle Harmonie. il vient du Dr Ortiz qui part à la retraite",
        "Dossier créé pour M. Gaspard Lenoir, n° 51077-L, médecin traitant à déclarer : Dr "
        "Marchetti. J'ai mis Harmonie Mutuelle en complémentaire.",
        tools=[
            (
                "dossier_creer",
                {
                    "nom": "LENOIR",
                    "prenom": "Gaspard",
                    "naissance": "02/11/1958",
                    "nir": "1 58 11 75 112 044 87",
                    "mutuelle": "Harmonie Mutuelle",
                },
                '{"statut": "créé", "n_dossier": "51077-L", "medecin_traitant": null}',
            )
        ],
        facts=[
            H("Gaspard Lenoir"),
            H("02/11/1958"),
            H("1 58 11 75 112 044 87", "158117511204487", "1 58 11 75 112 044"),
            HT("51077-L"),
        ],
    )
    c.turn(
        "son tel 06 71 42 88 19. et pas de SMS avec lui, il veut qu'on l'appelle, il dit "
        "qu'il lit jamais ses messages",
        "Noté dans le dossier 51077-L : portable 06 71 42 88 19, pas de SMS, on l'appelle.",
        facts=[K("pas de SMS")],
    )
    marchetti = slots_fr(
        rng,
        "Dr Marchetti",
        ["2027-03-15", "2027-03-16", "2027-03-17", "2027-03-18", "2027-03-19"],
        ["2027-03-15 16:00", "2027-03-17 11:20"],
    )
    c.turn(
        "il lui faut un premier RDV long avec Marchetti quand elle rentre, semaine du 15",
        "Deux créneaux de 40 minutes possibles : lundi 15 mars à 16 h 00 ou mercredi 17 mars à "
        "11 h 20. Le reste de la semaine est déjà bien rempli par les reports.",
        tools=[
            (
                "agenda_disponibilites",
                {"praticien": "Dr Marchetti", "semaine": "2027-W11"},
                marchetti,
            )
        ],
    )
    c.turn(
        "mercredi 17 à 11h20 c'est parfait, tu l'appelles pour lui dire ?",
        "C'est réservé (RDV-77164, 40 min). Je ne peux pas passer d'appel moi-même ; je vous "
        "ajoute un rappel « appeler M. Lenoir » pour cet après-midi.",
        tools=[
            (
                "agenda_creer",
                {
                    "praticien": "Dr Marchetti",
                    "patient": "51077-L",
                    "date": "2027-03-17",
                    "heure": "11:20",
                    "duree": 40,
                },
                '{"statut": "créé", "id": "RDV-77164"}',
            )
        ],
        facts=[HT("RDV-77164")],
    )
    c.turn(
        "la consult longue c'est combien maintenant ? la caisse a encore bougé les tarifs",
        "La consultation longue (GL) est à 60,00 € au 1er janvier 2027. C'est environ 8 % de "
        "plus que l'an dernier si je me souviens bien, mais vérifiez sur ameli avant de le "
        "dire au patient.",
        tools=[("tarifs", {"nomenclature": "NGAP", "filtre": "généraliste"}, tarifs_fr(rng))],
    )
    c.turn(
        "le Dr Nguyen-Vallet veut caler ses séances laser d'avril. rappel : jamais le mercredi "
        "après-midi pour lui, il opère à la clinique du Parc",
        "Entendu, aucun rendez-vous le mercredi après-midi pour le Dr Nguyen-Vallet.",
        facts=[K("jamais le mercredi après-midi")],
    )
    c.turn(
        "Mme Perrine Aubry, dossier 39550-A, veut un devis pour le laser vasculaire, 4 séances",
        "Devis DEV-2027-0311 préparé : 4 séances à 320,00 €, soit 1 280,00 € TTC, hors "
        "nomenclature, non remboursé.",
        tools=[
            (
                "devis_creer",
                {"patient": "39550-A", "acte": "laser vasculaire", "seances": 4},
                '{"statut": "créé", "id": "DEV-2027-0311", "prix_unitaire": "320,00 €", '
                '"total": "1 280,00 €", "remboursement": "aucun (hors nomenclature)"}',
            )
        ],
        facts=[H("Perrine Aubry"), HT("DEV-2027-0311"), HT("1 280,00 €", "1280,00 €", "1 280,00")],
    )
    c.turn(
        "hors nomenclature donc pas de tiers payant, dis-lui bien dans le mail",
        "Mail envoyé à Mme Aubry avec le devis en PDF, en précisant : hors nomenclature, aucun "
        "remboursement, pas de tiers payant, règlement à chaque séance.",
        tools=[
            (
                "envoyer_mail",
                {"patient": "39550-A", "pj": "DEV-2027-0311.pdf"},
                '{"statut": "envoyé"}',
            )
        ],
    )
    c.turn(
        "les retours noémie de la semaine sont arrivés ?",
        "Oui : 96 FSE, 95 payées et un seul rejet, Lucas Ferrand (lot 0417), motif A21 : droits "
        "AMO fermés au 31/01/2027. Il faudra une attestation de droits à jour.",
        tools=[("retours_noemie", {"semaine": "2027-W09"}, noemie_fr(rng))],
        facts=[HT("motif A21", "A21")],
    )
    c.turn(
        "l'appelle pas lui, il a 15 ans. c'est sa mère qui gère, Mme Ferrand, 04 78 63 20 11",
        "D'accord, je note le contact de la mère, Mme Ferrand, au 04 78 63 20 11, pour "
        "l'attestation de droits.",
        facts=[H("04 78 63 20 11", "0478632011")],
    )
    c.turn(
        "en fait pour Mme Besnard jeudi ça va pas, elle a son kiné. mets-la vendredi 12 mars "
        "à 10 h 40 avec la Dr Roux",
        "Déplacé : Mme Besnard vendredi 12 mars à 10 h 40 avec la Dr Roux (RDV-77120 modifié). "
        "C'est toujours le matin, donc compatible avec son INR.",
        tools=[
            (
                "agenda_modifier",
                {"id": "RDV-77120", "date": "2027-03-12", "heure": "10:40"},
                '{"statut": "modifié", "id": "RDV-77120"}',
            )
        ],
        fix=("jeudi 11 mars à 9 h 20", "vendredi 12 mars à 10 h 40"),
    )
    c.turn(
        "renvoie-lui un sms avec la nouvelle heure",
        "SMS envoyé au 06 12 84 57 30 avec le vendredi 12 mars, 10 h 40.",
        tools=[
            (
                "envoyer_sms",
                {
                    "numero": "06 12 84 57 30",
                    "texte": "RDV déplacé au vendredi 12 mars 10h40, Dr Roux.",
                },
                '{"statut": "envoyé", "id": "SMS-5540"}',
            )
        ],
    )
    c.turn("pause déj, à tout", "Bon appétit !")
    c.turn(
        "re. le Dr Marchetti a laissé un post-it : patients C2S, jamais de dépassement, même "
        "sur les actes techniques. faut que ce soit dans la procédure",
        "Ajouté à la procédure de facturation : pour les patients C2S, jamais de dépassement "
        "d'honoraires, actes techniques compris.",
        facts=[K("jamais de dépassement")],
    )
    c.turn(
        "Mme Aubry nous doit quelque chose ?",
        "Non, aucune facture impayée sur le dossier 39550-A. Sa dernière consultation a été "
        "réglée par carte.",
        tools=[
            (
                "factures_lister",
                {"patient": "39550-A"},
                '{"patient": "AUBRY Perrine", "impayes": [], "derniere": {"date": "2027-01-19", '
                '"montant": "50,00 €", "reglement": "CB"}}',
            )
        ],
    )
    c.turn(
        "pour M. Lenoir, le portable c'est le 06 71 42 81 19",
        "Dossier 51077-L mis à jour : portable 06 71 42 81 19.",
        tools=[
            (
                "dossier_modifier",
                {"n_dossier": "51077-L", "tel": "06 71 42 81 19"},
                '{"statut": "modifié"}',
            )
        ],
        fix=("06 71 42 88 19", "06 71 42 81 19"),
    )
    c.turn(
        "le bilan de Mme Besnard est arrivé, INR 3,4. pas par sms hein : les résultats c'est "
        "uniquement par la messagerie sécurisée",
        "Envoyé à Mme Besnard par la messagerie sécurisée, avec copie à la Dr Roux. Un INR à "
        "3,4 est au-dessus de sa cible ; la Dr Roux devrait la rappeler.",
        tools=[
            (
                "mssante_envoyer",
                {"patient": "48213-B", "copie": "Dr Roux", "pj": "bilan_2027-03-05.pdf"},
                '{"statut": "envoyé"}',
            )
        ],
        facts=[H("INR 3,4", "3,4"), K("uniquement par la messagerie sécurisée")],
    )
    c.turn(
        "la Dr Roux demande si elle doit toucher à la fluindione, je lui transmets quoi ?",
        "Je lui transmettrais : INR 3,4 le 05/03, cible 2-3, fluindione 20 mg 3/4 cp le soir, "
        "pas de saignement signalé. La décision d'adapter la dose lui revient ; souvent on "
        "saute une prise et on recontrôle sous 3 à 4 jours, mais c'est à elle de voir.",
    )
    lettres = "\n".join(
        f"LR 1A {rng.randint(100, 999)} {rng.randint(100, 999)} {rng.randint(1000, 9999)} "
        f"{rng.randint(1, 9)}"
        f" ; {fr_patient(rng)} ; {euro_fr(rng.choice([2650, 3000, 4600]))} ; déposé"
        for _ in range(9)
    )
    mails = "\n".join(
        f"mail ; {fr_patient(rng)} ; "
        f"{alnum(rng, 6)}@{rng.choice(['orange.fr', 'free.fr', 'gmail.com'])}"
        f" ; {euro_fr(rng.choice([2650, 3000, 2300]))} ; envoyé"
        for _ in range(26)
    )
    c.turn(
        "t'as fait les relances de février ?",
        "Oui : 9 courriers en lettre recommandée (les factures de plus de 30 jours) et 26 "
        "e-mails. Benhamou est exclu puisqu'il a son échéancier.",
        tools=[
            ("relances_envoyer", {"mois": "2027-02"}, f"{lettres}\n{mails}\n9 courriers, 26 mails")
        ],
    )
    c.turn(
        "le Dr Ortiz a envoyé le dossier de M. Lenoir par la messagerie, y a quoi d'important",
        "Points importants : diabète de type 2 depuis 2014 sous metformine, HTA sous ramipril, "
        "et une allergie à l'iode (choc lors d'un scanner injecté en 2016). Ses HbA1c "
        "récentes tournent autour de 7 %.",
        tools=[
            ("mssante_lire", {"expediteur": "dr.ortiz@medecin.mssante.fr"}, compte_rendu_ortiz(rng))
        ],
        facts=[HT("allergie à l'iode")],
    )
    c.turn(
        "l'iode faut que ça soit en alerte rouge dans son dossier, les radiologues oublient",
        "Alerte rouge ajoutée au dossier 51077-L : allergie à l'iode, choc anaphylactique 2016.",
        tools=[
            (
                "dossier_modifier",
                {"n_dossier": "51077-L", "alerte": "ALLERGIE IODE"},
                '{"statut": "modifié"}',
            )
        ],
    )
    c.turn(
        "question bête, le cabinet ferme à quelle heure le lundi de Pâques ?",
        "Je n'ai pas les horaires des jours fériés dans le logiciel. D'habitude les cabinets "
        "ferment toute la journée ; à confirmer avec les médecins.",
    )
    c.turn(
        "samedi 13 mars : permanence annulée, personne pour la tenir",
        "OK, permanence du samedi 13 mars annulée. Je bloque l'agenda et je mettrai un message.",
        tools=[
            (
                "agenda_bloquer",
                {"date": "2027-03-13", "motif": "permanence annulée"},
                '{"statut": "bloqué"}',
            )
        ],
        facts=[D("permanence annulée")],
    )
    c.turn(
        "mets une annonce sur le répondeur pour le 13",
        "Message du répondeur mis à jour : « Le cabinet est fermé le samedi 13 mars. En cas "
        "d'urgence, composez le 15. »",
        tools=[
            (
                "repondeur_message",
                {"texte": "Cabinet fermé le samedi 13 mars. Urgence : 15."},
                '{"statut": "ok"}',
            )
        ],
    )
    c.turn(
        "Mme Aubry accepte le devis, 4 séances, elle veut démarrer mi-avril",
        "Parfait, je passe le devis DEV-2027-0311 en accepté.",
        tools=[
            (
                "devis_modifier",
                {"id": "DEV-2027-0311", "statut": "accepté"},
                '{"statut": "accepté"}',
            )
        ],
        facts=[D("accepte le devis")],
    )
    nguyen = slots_fr(
        rng,
        "Dr Nguyen-Vallet",
        ["2027-04-13", "2027-04-15", "2027-04-20", "2027-04-22", "2027-04-27", "2027-04-29"],
        ["2027-04-15 14:00", "2027-04-20 09:00", "2027-04-27 09:00", "2027-04-29 14:00"],
    )
    c.turn(
        "cale les 4 séances avec Nguyen-Vallet, les mardis ou jeudis",
        "Quatre séances réservées : jeudi 15 avril 14 h, mardi 20 avril 9 h, mardi 27 avril "
        "9 h et jeudi 29 avril 14 h. Aucun mercredi, donc pas de souci avec la clinique.",
        tools=[
            ("agenda_disponibilites", {"praticien": "Dr Nguyen-Vallet", "mois": "2027-04"}, nguyen)
        ],
    )
    c.turn(
        "elle demande combien par séance, et si elle peut payer par chèque",
        "320,00 € la séance, 1 280,00 € au total selon le devis DEV-2027-0311. Le chèque est "
        "accepté au cabinet, à chaque séance.",
        recall=["1 280,00 €"],
    )
    c.turn(
        "M. Benhamou rappelle, le premier prélèvement il le veut plutôt le 12 avril, il est "
        "payé le 10",
        "Échéancier ECH-0093 décalé : 76,67 € le 12 avril, le 12 mai et 76,66 € le 12 juin.",
        tools=[
            (
                "echeancier_modifier",
                {"id": "ECH-0093", "premier": "2027-04-12"},
                '{"statut": "modifié"}',
            )
        ],
        fix=("le 5 avril", "le 12 avril"),
    )
    c.turn(
        "bon je prépare le récap pour Marchetti. elle était absente quand exactement ?",
        "En congé du 8 au 12 mars, retour le lundi 15. Son premier patient nouveau est M. Lenoir, "
        "mercredi 17 mars à 11 h 20.",
        recall=["du 8 au 12 mars"],
    )
    c.turn(
        "la pharmacie demande le n° de dossier de Mme Besnard",
        "48213-B.",
        recall=["48213-B"],
    )
    c.turn(
        "et son portable, je préfère l'appeler direct",
        "06 12 84 57 30.",
        recall=["06 12 84 57 30"],
    )
    c.turn(
        "elle prend quoi déjà comme anticoagulant, le pharmacien veut vérifier",
        "De la fluindione (Préviscan) 20 mg, 3/4 de comprimé le soir.",
        recall=["fluindione"],
    )
    c.turn(
        "la Dr Roux voudrait lui mettre de l'Augmentin pour une sinusite, ça passe ?",
        "Non : l'Augmentin contient de l'amoxicilline, c'est une pénicilline. Pour Mme Besnard "
        "c'est rien à base de pénicilline, quelle que soit la prescriptrice. Et sous AVK, "
        "tout antibiotique peut faire monter l'INR, donc contrôle rapproché.",
        recall=["rien à base de pénicilline"],
    )
    c.turn(
        "la compta relance, total des impayés de février ?",
        "1 250,00 € au 5 mars, dont les 230,00 € de M. Benhamou sous échéancier.",
        recall=["1 250,00 €"],
    )
    c.turn(
        "il me faut le n° de sécu de M. Lenoir pour la déclaration médecin traitant",
        "1 58 11 75 112 044 87 (M. Gaspard Lenoir, né le 02/11/1958, dossier 51077-L).",
        recall=["1 58 11 75 112 044 87", "02/11/1958"],
    )
    c.turn(
        "et finalement Mme Besnard elle passe quand ?",
        "Vendredi 12 mars à 10 h 40 avec la Dr Roux.",
    )
    c.turn("merci pour tout, bonne soirée !", "Bonne soirée Sandrine !")
    return c.write(out)


# -- 2. an SRE incident (English) ---------------------------------------------------------------

SERVICES = [
    ("cart-svc", 6),
    ("pricing-svc", 8),
    ("ledger-writer", 4),
    ("fraud-scorer", 6),
    ("webhook-relay", 3),
    ("refund-worker", 4),
    ("pgbouncer", 3),
    ("payments-gateway", 10),
    ("receipt-mailer", 2),
    ("tax-calc", 4),
    ("idempotency-cache", 3),
    ("otel-collector", 5),
]


def nodes(rng: random.Random, pool: str, n: int) -> list[str]:
    return [f"gke-euw1-prod-3-{pool}-{hexid(rng, 8)}-{alnum(rng, 4)}" for _ in range(n)]


def pod_listing(
    rng: random.Random, rs: str, replicas: int, pool_nodes: Sequence[str], special: dict[str, str]
) -> str:
    rows = []
    for name, count in SERVICES:
        rs_hash = f"{hexid(rng, 9)}" if name != "pgbouncer" else ""
        for k in range(count):
            pod = f"{name}-{k}" if not rs_hash else f"{name}-{rs_hash}-{alnum(rng)}"
            rows.append(
                (
                    pod,
                    "1/1",
                    "Running",
                    str(rng.choice([0, 0, 0, 1])),
                    f"{rng.randint(2, 19)}d",
                    f"10.40.{rng.randint(0, 7)}.{rng.randint(2, 250)}",
                    rng.choice(pool_nodes),
                )
            )
    for k in range(replicas):
        pod = special.get(str(k)) or f"checkout-api-{rs}-{alnum(rng)}"
        crash = str(k) in special
        rows.append(
            (
                pod,
                "0/1" if crash else "1/1",
                "CrashLoopBackOff" if crash else "Running",
                "14 (52s ago)" if crash else str(rng.randint(2, 6)),
                "31m",
                f"10.40.{rng.randint(0, 7)}.{rng.randint(2, 250)}",
                rng.choice(pool_nodes),
            )
        )
    rows.sort()
    head = ("NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE")
    width = [max(len(r[i]) for r in [head, *rows]) + 2 for i in range(7)]
    return "\n".join(
        "".join(c.ljust(w) for c, w in zip(r, width, strict=True)).rstrip() for r in [head, *rows]
    )


def crash_log(rng: random.Random) -> str:
    lines = []
    for k in range(70):
        ms = rng.randint(18, 240) if k < 40 else rng.randint(4000, 5100)
        lines.append(
            json.dumps(
                {
                    "ts": f"2027-11-23T13:{44 + k // 12:02d}:{(k * 5) % 60:02d}"
                    f".{rng.randint(100, 999)}Z",
                    "level": "info" if k < 40 else "error",
                    "msg": "request"
                    if k < 40
                    else "pgxpool: acquire conn: context deadline exceeded",
                    "path": rng.choice(["/v2/checkout", "/v2/checkout/confirm", "/v2/cart/total"]),
                    "status": 200 if k < 40 else 503,
                    "dur_ms": ms,
                    "req_id": hexid(rng, 16),
                }
            )
        )
    lines += [
        '{"ts":"2027-11-23T13:50:02.114Z","level":"error","msg":"pgx: failed to connect to '
        "`host=pg-payments-rw.euw1.internal user=checkout database=payments`: server error "
        '(FATAL: sorry, too many clients already (SQLSTATE 53300))"}',
        '{"ts":"2027-11-23T13:50:02.118Z","level":"warn","msg":"readiness: db ping failed, '
        'marking not ready"}',
        '{"ts":"2027-11-23T13:50:31.002Z","level":"fatal","msg":"startup: could not warm pool '
        '(min_conns=40): too many clients already"}',
    ]
    return "\n".join(lines)


RUNBOOK = """# Runbook: payments Postgres (pg-payments-*)

## Topology
- pg-payments-01: primary (euw1-b), Patroni-managed
- pg-payments-02, pg-payments-03: streaming replicas (euw1-c, euw1-d)
- pgbouncer (3 pods, transaction mode) in front of the primary for checkout-api, cart-svc

## Connection exhaustion (SQLSTATE 53300)
1. Identify the client with `select application_name, state, count(*) from pg_stat_activity
   group by 1, 2 order by 3 desc;`
2. Prefer reducing the client side (scale in, roll back, lower pool size) over touching the
   server. Idle connections held by a client pool are released when its pods terminate.
3. `pg_terminate_backend` on idle sessions of the offending application only, never on
   replication or superuser sessions.
4. Restarting the primary drops every session including the ledger writers. It is a last resort
   and requires the DBA on call plus the incident commander. A restart during EU business
   hours has caused ledger gaps twice (PM-2026-041, PM-2027-019).

## Failover
- Patroni switchover to pg-payments-02 takes 20-40 s of write unavailability.
- Do not fail over while replication lag > 5 s (check `pg_stat_replication`).

## Contacts
- DBA on call: PagerDuty schedule PD-DBA-EU
- Escalation: #db-oncall, then the Head of Infrastructure
""" + "\n".join(
    f"- appendix {k}: see dashboards/pg-payments/{k:02d} for panel definitions"
    for k in range(1, 40)
)


def deploy_history(rng: random.Random) -> str:
    rows = [
        (
            "checkout-api",
            "212",
            "2027-11-23T13:41:07Z",
            "e41b7a9",
            "lkowalczyk",
            "feat(db): raise pgx pool MaxConns 10->40, enable pricing_v2",
        ),
        (
            "checkout-api",
            "211",
            "2027-11-19T09:12:55Z",
            "5c2d0f3",
            "amensah",
            "fix(cart): round tax per line",
        ),
    ]
    for _ in range(46):
        svc = rng.choice(SERVICES)[0]
        rows.append(
            (
                svc,
                str(rng.randint(40, 400)),
                f"2027-11-{rng.randint(9, 23):02d}T{rng.randint(7, 18):02d}"
                f":{rng.randint(0, 59):02d}:"
                f"{rng.randint(0, 59):02d}Z",
                hexid(rng),
                rng.choice(["amensah", "jliu", "pfischer", "tokafor", "rsingh", "mnovak"]),
                f"{rng.choice(['fix', 'feat', 'chore', 'perf'])}"
                f"({rng.choice(['api', 'db', 'otel', 'deps'])}): "
                f"{rng.choice(['bump', 'retry', 'trim', 'cache', 'log'])} "
                f"{rng.choice(['timeouts', 'spans', 'headers', 'client'])}",
            )
        )
    rows.sort(key=lambda r: r[2], reverse=True)
    return table(["app", "revision", "deployed_at", "commit", "author", "message"], rows, " | ")


DIFF = """commit e41b7a9c03d18f2b55e0a7a4c9d1e6b7f2a88c10
Author: Łukasz Kowalczyk <lkowalczyk@payco.example>
Date:   Tue Nov 23 14:22:41 2027 +0100

    feat(db): raise pgx pool MaxConns 10->40, enable pricing_v2

diff --git a/deploy/checkout-api/values-prod.yaml b/deploy/checkout-api/values-prod.yaml
index 4be1f0a..9c07d2e 100644
--- a/deploy/checkout-api/values-prod.yaml
+++ b/deploy/checkout-api/values-prod.yaml
@@ -18,14 +18,14 @@ replicaCount: 18
 db:
   host: pgbouncer.payments-prod.svc
-  # pgbouncer in transaction mode; keep the pool small
+  # direct to primary for lower latency (see PERF-311)
-  host_override: ""
+  host_override: pg-payments-01.euw1.internal
   pool:
-    max_conns: 10
+    max_conns: 40
-    min_conns: 2
+    min_conns: 40
     max_conn_idle: 5m
 features:
-  pricing_v2: false
+  pricing_v2: true
 resources:
   requests:
     cpu: 500m
"""


def promql_range(rng: random.Random, start_min: int, points: Sequence[float]) -> str:
    rows = []
    for k, v in enumerate(points):
        minute = start_min + k // 2
        sec = "30" if k % 2 else "00"
        rows.append(f"2027-11-23T{minute // 60:02d}:{minute % 60:02d}:{sec}Z  {v:.4f}")
    return "\n".join(rows)


def incident(out: Path) -> int:
    rng = random.Random(202)
    c = Conversation(
        "incident_ops",
        "en",
        "SRE on-call: checkout 5xx incident on Kubernetes and Postgres",
        cues=(
            "actually",
            "correction",
            "wait",
            "instead",
            "sorry",
            "changed",
            "moved",
            "wrong",
            "scratch",
            "not ",
            "update",
        ),
    )
    pool_a = nodes(rng, "pool-a", 9)
    pods = pod_listing(rng, "7d9f6c5b8", 18, pool_a, {"7": "checkout-api-7d9f6c5b8-x2kqp"})
    c.turn(
        "paged. checkout 5xx alarm firing, INC-4471 opened. Tom Reyes is IC, I'm ops. whats "
        "going on in payments-prod",
        "All 18 checkout-api pods are on the new ReplicaSet (7d9f6c5b8, 31 minutes old). 17 are "
        "Running but with 2-6 restarts each, and checkout-api-7d9f6c5b8-x2kqp is in "
        "CrashLoopBackOff with 14 restarts. Everything else in the namespace looks healthy.",
        tools=[("kubectl", {"args": "get pods -n payments-prod -o wide"}, pods)],
        lead="Checking the namespace.",
        facts=[H("INC-4471"), H("payments-prod"), HT("checkout-api-7d9f6c5b8-x2kqp")],
    )
    c.turn(
        "impact started around 13:52 UTC per the alert. cluster is gke-euw1-prod-3, not the old "
        "euw1-prod-2. bridge is zoom 914 2207 5531 if you need to tell anyone",
        "Noted: impact from about 13:52 UTC, cluster gke-euw1-prod-3, bridge on Zoom "
        "914 2207 5531.",
        facts=[H("gke-euw1-prod-3"), H("914 2207 5531", "91422075531")],
    )
    c.turn(
        "logs of the crashlooping one",
        "Requests were fine until about 13:47, then every request waits ~5 s for a DB "
        "connection and returns 503. The pod then fails to connect at all: Postgres answers "
        "'sorry, too many clients already' (SQLSTATE 53300), and at startup it tries to warm a "
        "pool of 40 connections directly to the primary and dies.",
        tools=[
            (
                "kubectl",
                {"args": "logs checkout-api-7d9f6c5b8-x2kqp -n payments-prod --previous"},
                crash_log(rng),
            )
        ],
        facts=[HT("53300", "SQLSTATE 53300")],
    )
    apps = [
        ("checkout-api", "idle", 341),
        ("checkout-api", "active", 22),
        ("cart-svc", "idle", 9),
        ("ledger-writer", "active", 8),
        ("pgbouncer", "idle", 6),
        ("patroni", "active", 3),
        ("fraud-scorer", "idle", 5),
        ("refund-worker", "idle", 3),
    ]
    pg = (
        "pg-payments-01 (primary)  PostgreSQL 15.6\nmax_connections = 400   "
        "superuser_reserved_connections = 3\ntotal backends: 397\n\n"
        + table(["application_name", "state", "count"], apps, " | ")
        + "\n\n"
        + "\n".join(
            f"pid {rng.randint(10000, 99999)} | checkout | "
            f"{rng.choice(['idle', 'idle', 'active'])} | "
            f"10.40.{rng.randint(0, 7)}.{rng.randint(2, 250)} | backend_start 2027-11-23 "
            f"13:4{rng.randint(1, 9)}"
            for _ in range(60)
        )
    )
    c.turn(
        "db side? primary is pg-payments-01",
        "The primary is saturated: 397 of max_connections = 400 in use, 363 of them from "
        "checkout-api and most of those idle. checkout-api is bypassing pgbouncer and "
        "connecting to pg-payments-01 directly.",
        tools=[("psql", {"host": "pg-payments-01", "query": "connection summary"}, pg)],
        facts=[H("pg-payments-01"), HT("max_connections = 400", "max_connections=400")],
    )
    c.turn(
        "runbook for this? there's something about restarting the primary",
        "The runbook says to fix connection exhaustion from the client side first (scale in, "
        "roll back, smaller pools), terminate idle backends of the offending app only if "
        "needed, and treat a primary restart as a last resort that needs the DBA on call and "
        "the IC. Restarts during EU business hours caused ledger gaps twice.",
        tools=[("read_file", {"path": "runbooks/pg-payments.md"}, RUNBOOK)],
    )
    c.turn(
        "yeah so whatever happens we do not restart the primary during business hours. thats "
        "the rule, Kenji will have my head otherwise",
        "Understood: no restart of pg-payments-01 during business hours, whatever happens. "
        "We'll work from the client side.",
        facts=[
            K(
                "do not restart the primary during business hours",
                "never restart the primary during business hours",
                "not restart the primary during business hours",
            )
        ],
    )
    c.turn(
        "what deployed recently",
        "checkout-api revision 212 went out at 13:41:07 UTC: commit e41b7a9 by lkowalczyk, "
        "'raise pgx pool MaxConns 10->40, enable pricing_v2'. The previous revision 211 is "
        "commit 5c2d0f3 from 19 November. Nothing else in payments-prod deployed today before "
        "the alert.",
        tools=[
            (
                "deploy_history",
                {"namespace": "payments-prod", "since": "2027-11-09"},
                deploy_history(rng),
            )
        ],
        facts=[HT("e41b7a9"), HT("5c2d0f3")],
    )
    c.turn(
        "show me the diff of e41b7a9",
        "Three things changed in values-prod.yaml: the pool goes from max_conns 10 to 40 (and "
        "min_conns 2 to 40), checkout-api now connects straight to pg-payments-01 instead of "
        "pgbouncer, and the pricing_v2 feature flag is switched on.",
        tools=[("git_show", {"repo": "checkout-api", "rev": "e41b7a9", "path": "deploy/"}, DIFF)],
        facts=[HT("max_conns: 40")],
    )
    c.turn(
        "18 pods x 40 = 720 conns against 400. yep. roll back checkout-api to 5c2d0f3",
        "That explains it. I'll roll back to revision 211 (5c2d0f3), which goes through "
        "pgbouncer with a pool of 10 per pod.",
        facts=[
            D("roll back checkout-api to 5c2d0f3", "roll back to 5c2d0f3", "rollback to 5c2d0f3")
        ],
    )
    c.turn(
        "hold on, one thing first: don't take checkout below 12 replicas at any point during "
        "the rollout, we're carrying black friday prep traffic. ok go",
        "Rollback started with maxUnavailable 0 and maxSurge 6, so checkout-api never drops "
        "below 18 ready pods, well above 12.",
        tools=[
            (
                "kubectl",
                {"args": "argo rollouts undo checkout-api -n payments-prod --to-revision 211"},
                "rollout 'checkout-api' undo\nstrategy: canary steps=[setWeight 100] maxSurge=6 "
                "maxUnavailable=0\nrevision 213 created from revision 211 (5c2d0f3)",
            )
        ],
        facts=[
            K("don't take checkout below 12 replicas", "below 12 replicas", "at least 12 replicas")
        ],
    )
    c.turn(
        "actually Mireille Dufort is IC now, Tom handed over when she joined the bridge. I "
        "stay ops lead",
        "Got it, Mireille Dufort is incident commander, you remain ops lead.",
        fix=("Tom Reyes", "Mireille Dufort"),
    )
    pool_b = nodes(rng, "pool-b", 5)
    pool_b[2] = "gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq"
    after = pod_listing(rng, "5b6c9d7f4", 18, pool_a[:4] + pool_b, {})
    c.turn(
        "watch the rollout",
        "Revision 213 is fully rolled out: 18 new pods on ReplicaSet 5b6c9d7f4, all Running "
        "and ready, no restarts. The old pods are gone.",
        tools=[("kubectl", {"args": "get pods -n payments-prod -o wide"}, after)],
    )
    peak = [0.002, 0.003, 0.04, 0.11, 0.19, 0.26, 0.31, 0.35, 0.37, 0.3817, 0.36, 0.33]
    peak += [0.3 - 0.025 * k for k in range(12)] + [0.0041, 0.0038, 0.0044, 0.0040]
    values = [max(v, 0.0035) + rng.uniform(0, 0.0004) for v in peak]
    values[9] = 0.3817
    series = promql_range(rng, 13 * 60 + 44, values)
    c.turn(
        "5xx rate now?",
        "Coming down: the 5xx ratio on checkout peaked at 0.3817 (38%) at 13:48:30 and is "
        "at about 0.4% now, back within the SLO.",
        tools=[
            (
                "promql",
                {
                    "query": 'sum(rate(http_requests_total{app="checkout-api",code=~"5.."}[1m])) '
                    '/ sum(rate(http_requests_total{app="checkout-api"}[1m]))',
                    "range": "13:44-14:00",
                },
                "value\n" + series,
            )
        ],
        facts=[HT("0.3817")],
    )
    c.turn(
        "db conns?",
        "164 of 400 on pg-payments-01; checkout-api now holds 12 connections through pgbouncer "
        "instead of 363 direct ones.",
        tools=[
            (
                "psql",
                {"host": "pg-payments-01", "query": "select count(*) from pg_stat_activity"},
                "count\n164\n(1 row)",
            )
        ],
    )
    c.turn(
        "status page goes through Dana Whitfield only, nobody else posts there. draft her an "
        "update she can use",
        "Draft for Dana: 'Since 13:52 UTC some customers have seen errors when completing "
        "checkout. We have identified the cause and rolled back a recent change; error rates "
        "have returned to normal and we are monitoring.'",
        facts=[
            K(
                "status page goes through Dana Whitfield only",
                "only Dana posts on the status page",
                "nobody else posts there",
            )
        ],
    )
    c.turn(
        "impact started 13:47 UTC per the LB logs, put that in the draft",
        "Updated: 'Since 13:47 UTC some customers have seen errors when completing checkout. "
        "We have identified the cause and rolled back a recent change; error rates have "
        "returned to normal and we are monitoring.'",
        fix=("13:52 UTC", "13:47 UTC"),
    )
    c.turn(
        "my coffee went cold like an hour ago lol",
        "Classic incident coffee. Go microwave it, I'll keep watching.",
    )
    err = []
    for k in range(80):
        pod = f"checkout-api-5b6c9d7f4-{alnum(rng)}"
        err.append(
            f"2027-11-23T14:{4 + k // 10:02d}:{(k * 7) % 60:02d}Z {pod} "
            f'level=warn msg="slow upstream" upstream=pricing-svc dur_ms={rng.randint(300, 900)}'
        )
        if k % 9 == 4:
            err.append(
                f"2027-11-23T14:{4 + k // 10:02d}:{(k * 7 + 3) % 60:02d}Z "
                "checkout-api-5b6c9d7f4-m8zvw "
                'level=error msg="redis: dial tcp 10.40.3.17:6379: connect: connection timed out" '
                "node=gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq"
            )
    c.turn(
        "still some 5xx on the dashboard. grep errors across all checkout pods last 10 min",
        "Most lines are slow-upstream warnings from pricing-svc, which don't return errors. The "
        "actual errors all come from one pod, checkout-api-5b6c9d7f4-m8zvw, which cannot reach "
        "Redis (connection timed out); it runs on node "
        "gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq. Probably a node problem, not the app.",
        tools=[
            (
                "logs_query",
                {
                    "namespace": "payments-prod",
                    "app": "checkout-api",
                    "level": ">=warn",
                    "since": "10m",
                },
                "\n".join(err),
            )
        ],
        facts=[HT("gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq", "pool-b-3f1c9e2a-k7tq")],
    )
    c.turn(
        "cordon that node, don't drain yet, I wanna look at it first. kill the m8zvw pod so it "
        "reschedules",
        "Node cordoned and m8zvw deleted; its replacement landed on a pool-a node and is ready. "
        "The other pods on that node are still running.",
        tools=[
            (
                "kubectl",
                {"args": "cordon gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq"},
                "node/gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq cordoned",
            ),
            (
                "kubectl",
                {"args": "delete pod checkout-api-5b6c9d7f4-m8zvw -n payments-prod"},
                'pod "checkout-api-5b6c9d7f4-m8zvw" deleted',
            ),
        ],
        facts=[D("cordon that node", "cordoned the node")],
    )
    c.turn(
        "and pricing_v2, did the deploy flip that on? keep it OFF until the postmortem, no "
        "matter what the rollback did",
        "The flag is stored in the flag service, not only in values: it was switched on by "
        "revision 212 and stayed on after the rollback. I've set checkout.pricing_v2 to off "
        "and locked it.",
        tools=[
            (
                "flags",
                {"op": "get", "key": "checkout.pricing_v2"},
                '{"key": "checkout.pricing_v2", "enabled": true, "set_by": "deploy checkout-api '
                'rev 212", "updated": "2027-11-23T13:41:09Z"}',
            ),
            (
                "flags",
                {"op": "set", "key": "checkout.pricing_v2", "enabled": False, "lock": True},
                '{"key": "checkout.pricing_v2", "enabled": false, "locked": true}',
            ),
        ],
        facts=[D("keep it OFF until the postmortem", "pricing_v2 off", "pricing_v2 stays off")],
    )
    sched = "\n".join(
        f"{name:<22} {person:<24} until 2027-11-{rng.randint(23, 24)}T{rng.randint(0, 23):02d}:00Z"
        for name, person in [
            (
                f"PD-{t}-{r}",
                f"{rng.choice(['A.', 'J.', 'M.', 'S.', 'K.'])} "
                f"{rng.choice(['Osei', 'Berg', 'Ito', 'Costa', 'Meyer', 'Nowak'])}",
            )
            for t in ["WEB", "API", "NET", "SEC", "K8S", "OBS", "DATA", "ML"]
            for r in ["EU", "US", "APAC", "EU2"]
        ]
    )
    c.turn(
        "who's DBA on call",
        "Inés Valverde is on the PD-DBA-EU schedule until 17:00 UTC.",
        tools=[
            (
                "pagerduty_oncall",
                {"schedules": "all"},
                sched
                + "\nPD-DBA-EU              Inés Valverde            until 2027-11-23T17:00Z\n"
                + sched[:600],
            )
        ],
        facts=[HT("Inés Valverde")],
    )
    c.turn(
        "page her, want a second pair of eyes on pgbouncer",
        "Paged Inés Valverde via PD-DBA-EU (incident Q3K8ZP1), referencing INC-4471.",
        tools=[
            (
                "pagerduty_trigger",
                {
                    "schedule": "PD-DBA-EU",
                    "summary": "INC-4471 checkout conn exhaustion, review pgbouncer",
                },
                '{"incident": "Q3K8ZP1", "status": "triggered"}',
            )
        ],
    )
    pools = table(
        [
            "database",
            "user",
            "cl_active",
            "cl_waiting",
            "sv_active",
            "sv_idle",
            "sv_used",
            "maxwait",
        ],
        [("payments", "checkout", 214, 0, 12, 8, 2, 0), ("payments", "cart", 31, 0, 4, 2, 0, 0)]
        + [
            (
                rng.choice(["payments", "ledger", "fraud"]),
                rng.choice(["svc_ro", "report", "etl", "replica_ro"]),
                rng.randint(0, 40),
                0,
                rng.randint(0, 6),
                rng.randint(0, 6),
                rng.randint(0, 3),
                0,
            )
            for _ in range(70)
        ],
        " | ",
    )
    c.turn(
        "pgbouncer SHOW POOLS",
        "Healthy: checkout has 214 client connections multiplexed onto 12 server connections, "
        "nobody waiting, maxwait 0. The other pools are quiet.",
        tools=[("psql", {"host": "pgbouncer-0", "port": 6432, "query": "SHOW POOLS"}, pools)],
    )
    c.turn(
        "Inés suggests bumping default_pool_size on pgbouncer while we're at it. no. no config "
        "changes on the db tier during the incident, full stop",
        "Agreed, I'll tell her: no config changes on the db tier during the incident. We can "
        "revisit pool sizing in the postmortem.",
        facts=[K("no config changes on the db tier during the incident")],
    )
    c.turn(
        "customer impact? failed checkouts",
        "Between 13:47 and 14:02 UTC there were 4318 failed checkout attempts from 3907 distinct "
        "customers, about 212k EUR of GMV at the moment of failure. My guess is that 55-60% of "
        "them retried successfully afterwards, but I haven't checked that.",
        tools=[
            (
                "sql",
                {
                    "db": "analytics",
                    "query": "select count(*), count(distinct customer_id), sum(amount_eur) from "
                    "checkout_attempts where status='error' and ts between '2027-11-23 13:47' and "
                    "'2027-11-23 14:02'",
                },
                "failed_checkouts | distinct_customers | gmv_failed_eur\n4318 | 3907 | "
                "212440.50\n(1 row)",
            )
        ],
        facts=[HT("4318", "4,318")],
    )
    c.turn(
        "Mireille wants an ETA for all-clear",
        "If the 5xx ratio stays under the SLO for 15 more minutes, we can call all-clear around "
        "14:35-14:40 UTC.",
    )
    c.turn(
        "timeline so far pls",
        "13:41 UTC checkout-api rev 212 (e41b7a9) deployed; 13:47 impact starts, connections "
        "to pg-payments-01 exhausted (SQLSTATE 53300); 13:48 peak 38% errors; ~13:55 paged, "
        "INC-4471; 14:0x rollback to 5c2d0f3 (rev 213); errors back under SLO shortly after; "
        "bad node cordoned; pricing_v2 switched off.",
    )
    c.turn(
        "post in #inc-4471: rollback done, error rate back under SLO, monitoring",
        "Posted.",
        tools=[
            (
                "slack_post",
                {
                    "channel": "#inc-4471",
                    "text": "Rollback to 5c2d0f3 done, checkout 5xx back under SLO, monitoring.",
                },
                '{"ok": true, "ts": "1795447380.004100"}',
            )
        ],
    )
    migs = (
        "\n".join(
            f"{k:04d}_{rng.choice(['add', 'drop', 'alter', 'index'])}"
            f"_{rng.choice(['orders', 'carts', 'refunds', 'ledger', 'tax'])}"
            f"_{rng.choice(['col', 'idx', 'fk', 'tbl'])} | applied 20{rng.randint(24, 27)}"
            f"-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}"
            for k in range(1, 147)
        )
        + "\n0147_add_pricing_tiers | applied 2027-11-23 13:40:12 | CREATE TABLE pricing_tiers "
        "(...); ALTER TABLE cart_lines ADD COLUMN tier_id bigint NULL"
    )
    c.turn(
        "does 5c2d0f3 choke on any schema change from the bad deploy? i think there was a "
        "migration in there",
        "There was one: 0147_add_pricing_tiers, applied at 13:40:12, just before the deploy. It "
        "only adds a table and a nullable column, so the old code simply ignores them. The "
        "rolled-back pods have been running against it without errors.",
        tools=[
            ("sql", {"db": "payments", "query": "select * from schema_migrations order by 1"}, migs)
        ],
        facts=[HT("0147_add_pricing_tiers")],
    )
    c.turn(
        "ok 0147 stays, no down-migration",
        "Fine, 0147 stays in place, no down-migration.",
        facts=[D("no down-migration")],
    )
    events = "\n".join(
        f"  Warning  {rng.choice(['NetworkUnavailable', 'ConntrackFull', 'KernelMsg'])}  "
        f"{rng.randint(1, 59)}m  kernel-monitor  nf_conntrack: table full, dropping packet"
        if k % 6 == 0
        else f"  Normal   {rng.choice(['Pulled', 'Created', 'Started', 'Scheduled'])}  "
        f"{rng.randint(1, 59)}m  kubelet  "
        f"pod {rng.choice(SERVICES)[0]}-{hexid(rng, 9)}-{alnum(rng)}"
        for k in range(90)
    )
    c.turn(
        "what's the node doing",
        "The kernel on that node is dropping packets: the conntrack table is full "
        "('nf_conntrack: table full, dropping packet', repeatedly over the last hour). That "
        "matches the Redis timeouts. I'd guess a leaking connection pattern from the "
        "otel-collector pod there, but that's speculation.",
        tools=[
            (
                "kubectl",
                {"args": "describe node gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq"},
                "Name: gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq\nTaints: "
                "node.kubernetes.io/unschedulable:NoSchedule\n"
                "Conditions:\n  Ready True\n  NetworkUnavailable False\nEvents:\n" + events,
            )
        ],
        facts=[HT("nf_conntrack: table full")],
    )
    c.turn(
        "ticket for infra, P2, link the incident",
        "Created INFRA-9921 (P2): conntrack table full on the pool-b node, linked to INC-4471.",
        tools=[
            (
                "jira_create",
                {
                    "project": "INFRA",
                    "priority": "P2",
                    "summary": "nf_conntrack full on gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq",
                    "links": ["INC-4471"],
                },
                '{"key": "INFRA-9921", "url": "https://payco.atlassian.example/browse/INFRA-9921"}',
            )
        ],
        facts=[HT("INFRA-9921")],
    )
    c.turn(
        "5xx last 15 min?",
        "Flat at about 0.09%, no spikes.",
        tools=[
            (
                "promql",
                {"query": "checkout 5xx ratio", "range": "15m"},
                "value\n"
                + promql_range(
                    rng, 14 * 60 + 20, [0.0009 + rng.uniform(-0.0002, 0.0002) for _ in range(30)]
                ),
            )
        ],
    )
    c.turn(
        "Mireille called all clear at 14:40 UTC. ping Dana so she can post the resolved update",
        "Sent Dana a DM with the all-clear at 14:40 UTC and the resolved text.",
        tools=[
            (
                "slack_post",
                {
                    "channel": "@dana.whitfield",
                    "text": "All clear 14:40 UTC, please post resolved on the status page.",
                },
                '{"ok": true}',
            )
        ],
    )
    c.turn(
        "postmortem doc is PM-2027-118, review thursday 10:00 CET",
        "Noted: PM-2027-118, review Thursday 10:00 CET.",
        facts=[H("PM-2027-118")],
    )
    c.turn(
        "resolve the PD incident",
        "Resolved Q3K8ZP1 and the primary INC-4471 page.",
        tools=[("pagerduty_resolve", {"incidents": ["Q3K8ZP1", "INC-4471"]}, '{"resolved": 2}')],
    )
    c.turn(
        "e41b7a9 is Lukasz's right? he's in Warsaw and asleep, don't page him, slack dm is fine",
        "Yes, Łukasz Kowalczyk. DM sent with a link to the incident channel and PM-2027-118, "
        "no page.",
        tools=[
            (
                "slack_post",
                {
                    "channel": "@lkowalczyk",
                    "text": "Your rev 212 was rolled back (INC-4471), details in #inc-4471, no "
                    "action needed tonight.",
                },
                '{"ok": true}',
            )
        ],
    )
    c.turn(
        "review moved to friday 09:30 CET, Mireille can't do thursday",
        "Updated the invite: postmortem review Friday 09:30 CET.",
        fix=("thursday 10:00 CET", "friday 09:30 CET"),
    )
    c.turn(
        "for the redo of the pool change, what max_conns per pod would actually fit",
        "Through pgbouncer it barely matters. If they insist on going direct: 400 minus ~40 for "
        "the other apps and superuser slots leaves ~360; with the HPA max of 24 replicas that's "
        "at most 15 per pod, I'd say 12 to be safe.",
    )
    c.turn(
        "writing the PM summary now. incident number and namespace?",
        "INC-4471, namespace payments-prod.",
        recall=["INC-4471", "payments-prod"],
    )
    c.turn(
        "which pod was crashlooping first, full name",
        "checkout-api-7d9f6c5b8-x2kqp (14 restarts when we looked).",
        recall=["checkout-api-7d9f6c5b8-x2kqp"],
    )
    c.turn(
        "exact postgres error code?",
        "SQLSTATE 53300, 'sorry, too many clients already'.",
        recall=["53300"],
    )
    c.turn(
        "bad sha and the one we rolled back to",
        "Bad: e41b7a9 (rev 212). Rolled back to 5c2d0f3 (rev 211, redeployed as 213).",
        recall=["e41b7a9", "5c2d0f3"],
    )
    c.turn(
        "which cluster was it, I keep mixing it up with the old one",
        "gke-euw1-prod-3 (not euw1-prod-2).",
        recall=["gke-euw1-prod-3"],
    )
    c.turn(
        "the exact line in the diff that did it",
        "`max_conns: 40` (was 10), together with min_conns 40 and the direct host override.",
        recall=["max_conns: 40"],
    )
    c.turn(
        "Inés asks if she can restart pg-payments-01 now to clear leftover idle backends. it's "
        "15:20 CET",
        "No: 15:20 CET is business hours, and we do not restart the primary during business "
        "hours, pg-payments-01 stays up. She can terminate idle checkout backends instead, which "
        "the runbook allows.",
        recall=["do not restart the primary during business hours", "pg-payments-01"],
    )
    c.turn(
        "and what's max_connections on it, for the PM",
        "max_connections = 400 (3 reserved for superusers); 397 were in use at the worst point.",
        recall=["max_connections = 400"],
    )
    c.turn("when's the review again", "Friday 09:30 CET, PM-2027-118.")
    c.turn("ok signing off. thanks", "Good work today. Get some rest.")
    return c.write(out)


# -- 3. 家族旅行の計画 (Japanese) ----------------------------------------------------------------

GENRES_JA = ["寿司", "海鮮", "ジンギスカン", "スープカレー", "ラーメン", "洋食", "そば"]
SNOW_TOPICS = ["混雑", "駐車場", "ライトアップ", "雪像"]


def flights_ja(
    rng: random.Random, origin: str, dest: str, date: str, pinned: dict[str, Any]
) -> str:
    out = [pinned]
    for _ in range(60):
        h = rng.randint(6, 20)
        m = rng.choice([0, 5, 15, 25, 30, 40, 50, 55])
        dur = rng.randint(80, 100)
        arr = h * 60 + m + dur
        out.append(
            {
                "便名": f"{rng.choice(['JL', 'NH', 'BC', 'ADO', '6J', 'MM'])} "
                f"{rng.randint(50, 999)}",
                "出発": f"{origin} {h:02d}:{m:02d}",
                "到着": f"{dest} {arr // 60:02d}:{arr % 60:02d}",
                "日付": date,
                "運賃": f"¥{rng.randint(9, 42) * 100 * 10 + rng.choice([0, 200, 500, 900]):,}",
                "空席": rng.choice(["○", "△", "残り2席", "×"]),
            }
        )
    out.sort(key=lambda f: f["出発"])
    return json.dumps(
        {"検索条件": f"{origin}→{dest} {date} 大人3・小児1", "結果": out}, ensure_ascii=False
    )


def hotels_ja(rng: random.Random, areas: Sequence[str], pinned: dict[str, Any]) -> str:
    rows = [pinned]
    for _ in range(70):
        rows.append(
            {
                "名前": f"{rng.choice(['ホテル', 'イン', 'グランド', 'プレミア', 'リッチ'])}"
                f"{rng.choice(areas)}{rng.choice(['', '東', '西', '駅前', 'セントラル'])}"
                f"{rng.choice(['', 'Ⅱ', 'アネックス'])}",
                "1泊1室": f"¥{rng.randint(80, 480) * 100:,}",
                "部屋": rng.choice(["ツイン", "和室", "和洋室", "トリプル", "フォース"]),
                "最寄り": f"{rng.choice(areas)}駅 徒歩{rng.randint(1, 18)}分",
                "評価": f"{rng.uniform(3.1, 4.8):.1f}",
            }
        )
    rng.shuffle(rows)
    return json.dumps(rows, ensure_ascii=False, indent=0)


def timetable_ja(
    rng: random.Random, names: Sequence[str], a: str, b: str, mins: int, pinned: Sequence[str]
) -> str:
    lines = [f"{a} → {b}  時刻表（2027年2月）"]
    for k in range(48):
        h = 6 + k * 15 // 60
        m = (k * 15 + rng.choice([0, 3, 5])) % 60
        arr = h * 60 + m + mins + rng.randint(-6, 6)
        lines.append(
            f"{rng.choice(names)}{rng.randint(1, 48)}号  {a} {h:02d}:{m:02d}発 → {b} "
            f"{arr // 60:02d}:{arr % 60:02d}着  指定席{rng.choice(['○', '△', '×'])} "
            f"グリーン{rng.choice(['○', '△', '×', '-'])}"
        )
    lines[5:5] = list(pinned)
    return "\n".join(lines)


def restaurants_ja(rng: random.Random, city: str, pinned: dict[str, Any]) -> str:
    rows = [pinned]
    for _ in range(55):
        rows.append(
            {
                "店名": f"{rng.choice(GENRES_JA)}"
                f"・{rng.choice(['北斗', '雪花', 'かもめ', '港', '運河', '潮見', '白樺'])}"
                f"{rng.choice(['', '亭', '屋', '本店'])}",
                "ジャンル": rng.choice(
                    ["寿司", "海鮮丼", "ジンギスカン", "スープカレー", "洋食", "そば"]
                ),
                "予算": f"¥{rng.randint(15, 80) * 100:,}〜",
                "アレルギー対応": rng.choice(["可", "要相談", "不可"]),
                "予約": rng.choice(["可", "不可"]),
                "エリア": city,
            }
        )
    rng.shuffle(rows)
    return json.dumps(rows, ensure_ascii=False)


def travel(out: Path) -> int:
    rng = random.Random(303)
    c = Conversation(
        "travel_ja",
        "ja",
        "家族旅行の計画：北海道（札幌・小樽・旭川・函館）",
        cues=(
            "やっぱり",
            "変更",
            "じゃなくて",
            "訂正",
            "間違",
            "ではなく",
            "変えて",
            "修正",
            "ごめん",
            "ちがう",
            "違う",
        ),
    )
    c.turn(
        "2月に家族で北海道行きたいの、手伝って。4人で、私と夫と娘（7歳）と母。羽田から新千歳、"
        "2月14日の朝の便さがして",
        "2月14日（日）朝の羽田→新千歳、4席空いている便だと JL 503（8:00発→9:35着、¥31,200）が"
        "一番使いやすそうです。もっと安いのは6時台のLCCですが、お母様と小さいお子さん連れだと"
        "早すぎるかもしれません。",
        tools=[
            (
                "flight_search",
                {"from": "HND", "to": "CTS", "date": "2027-02-14", "pax": 4},
                flights_ja(
                    rng,
                    "羽田",
                    "新千歳",
                    "2027-02-14",
                    {
                        "便名": "JL 503",
                        "出発": "羽田 08:00",
                        "到着": "新千歳 09:35",
                        "日付": "2027-02-14",
                        "運賃": "¥31,200",
                        "空席": "○",
                    },
                ),
            )
        ],
        lead="便を探します。",
        facts=[H("2月14日"), HT("JL 503", "JL503")],
    )
    c.turn(
        "JL503でいい。4人並びで、窓側から。名前は佐藤美咲・健一・結衣、母は山口和子",
        "予約しました。JL 503、2月14日、34A〜34C と 35A（3人並び＋すぐ後ろ1席）です。4人並びは"
        "空いていませんでした。",
        tools=[
            (
                "book_flight",
                {
                    "flight": "JL 503",
                    "date": "2027-02-14",
                    "passengers": ["佐藤美咲", "佐藤健一", "佐藤結衣", "山口和子"],
                },
                '{"status": "confirmed", "予約番号": "K7QX2M", "座席": ["34A", "34B", "34C", '
                '"35A"], '
                '"合計": "¥124,800"}',
            )
        ],
        facts=[H("佐藤美咲"), H("山口和子"), HT("K7QX2M")],
    )
    c.turn(
        "母は足が悪いから、乗り換えが多いのとか長く歩くのはなしで。全部そのつもりで組んでね",
        "了解です。お母様のために、長く歩くのはなし、乗り換えも最小限で組みます。空港の移動も"
        "アシストを頼めるか見ておきます。",
        facts=[K("長く歩くのはなし")],
    )
    c.turn(
        "それと夫が甲殻類アレルギー。エビもカニも全部ダメ。北海道なのにね笑",
        "承知しました。甲殻類アレルギー（エビ・カニすべて）として、お店選びと予約時の連絡に"
        "反映します。出汁にエビが入っている店もあるので、そこも確認しますね。",
        facts=[K("甲殻類アレルギー")],
    )
    sapporo = hotels_ja(
        rng,
        ["すすきの", "大通", "中島公園", "札幌", "西11丁目"],
        {
            "名前": "ホテルノースコート札幌",
            "1泊1室": "¥23,800",
            "部屋": "和洋室（4名）",
            "最寄り": "すすきの駅 徒歩2分",
            "評価": "4.5",
        },
    )
    c.turn(
        "札幌はすすきのあたりで3泊。予算は1部屋1泊2万5千円まで",
        "条件に合うのはホテルノースコート札幌です。和洋室（4名）で1泊¥23,800、すすきの駅から"
        "徒歩2分なので、お母様も歩く距離が短くて済みます。ほかは予算オーバーか駅から遠いところが"
        "多いです。",
        tools=[
            (
                "hotel_search",
                {"area": "すすきの", "checkin": "2027-02-14", "nights": 3, "guests": 4},
                sapporo,
            )
        ],
        facts=[K("1泊2万5千円まで")],
    )
    c.turn(
        "ノースコートにする。和洋室で3泊、連絡先は090-3318-5072で",
        "予約しました。ホテルノースコート札幌、2月14日から3泊、和洋室。確認番号は NC-20931-S、"
        "住所は札幌市中央区南4条西5丁目8-2です。",
        tools=[
            (
                "book_hotel",
                {
                    "hotel": "ホテルノースコート札幌",
                    "checkin": "2027-02-14",
                    "nights": 3,
                    "room": "和洋室",
                    "tel": "090-3318-5072",
                },
                '{"status": "confirmed", "確認番号": "NC-20931-S", "住所": '
                '"札幌市中央区南4条西5丁目8-2", "合計": '
                '"¥71,400"}',
            )
        ],
        facts=[
            D("ノースコートにする"),
            H("090-3318-5072", "09033185072"),
            HT("NC-20931-S"),
            HT("札幌市中央区南4条西5丁目8-2", "南4条西5丁目8-2"),
        ],
    )
    c.turn(
        "雪まつりって14日もやってる？",
        "残念ながら終わっています。さっぽろ雪まつりは2月4日から2月11日までです。大通公園の"
        "一部の雪像は数日残ることもあるそうですが、期待はしないほうがいいかもしれません。",
        tools=[
            (
                "web_search",
                {"q": "さっぽろ雪まつり 2027 会期"},
                "第78回さっぽろ雪まつり\n会期：2027年2月4日（木）〜2月11日（木・祝）\n会場："
                "大通会場・すすきの会場・つどーむ会場\n"
                + "\n".join(
                    f"関連記事{k}：雪まつり{rng.choice(SNOW_TOPICS)}情報まとめ" for k in range(30)
                ),
            )
        ],
        facts=[HT("2月11日")],
    )
    c.turn(
        "えー残念。じゃあ小樽は日帰りで。2日目に行く",
        "わかりました。小樽は日帰り、2日目（2月15日）にします。札幌から快速エアポートで約35分、"
        "乗り換えなしです。",
        facts=[D("小樽は日帰り")],
    )
    tt = timetable_ja(
        rng,
        ["ライラック", "カムイ"],
        "札幌",
        "旭川",
        85,
        ["ライラック5号  札幌 08:30発 → 旭川 09:55着  指定席○ グリーン○"],
    )
    zoo = (
        "旭山動物園 冬期開園（2026年11月11日〜2027年4月7日）\n開園時間："
        "10:30〜15:30（入園は15:00まで）\n"
        "入園料：大人1,000円、中学生以下無料\nアクセス：旭川駅前6番乗り場から旭山動物園線 約40分\n"
        "ペンギンの散歩：11:00、14:30（積雪状況による）\n"
        + "\n".join(
            f"お知らせ{k}：{rng.choice(['除雪作業', '展示休止', '混雑予想', '駐車場'])}について"
            for k in range(25)
        )
    )
    c.turn(
        "娘が旭山動物園どうしても行きたいって。札幌からどう行くの",
        "札幌から特急ライラックかカムイで旭川まで約1時間25分、そこから路線バスで約40分です。"
        "例えばライラック5号（札幌8:30→旭川9:55）なら開園の10:30にちょうど着きます。冬の開園"
        "時間は10:30〜15:30、ペンギンの散歩は11:00と14:30です。",
        tools=[
            ("train_timetable", {"from": "札幌", "to": "旭川", "date": "2027-02-16"}, tt),
            ("web_search", {"q": "旭山動物園 冬期 開園時間 2027"}, zoo),
        ],
        facts=[HT("10:30〜15:30", "10:30-15:30")],
    )
    c.turn(
        "3日目に旭山。レンタカーは使わないからね、雪道こわいし",
        "了解です。3日目（2月16日）は旭山動物園、移動はすべて電車・バス・タクシーにして、"
        "レンタカーは使わない前提で組みます。旭川駅からのバスがきつければタクシーで約30分です。",
        facts=[K("レンタカーは使わない")],
    )
    c.turn(
        "帰りは2月19日、函館から羽田。函館は2泊",
        "わかりました。札幌3泊のあと函館2泊、2月19日に函館空港から羽田ですね。",
    )
    hokuto = timetable_ja(
        rng,
        ["北斗"],
        "札幌",
        "函館",
        222,
        ["北斗9号  札幌 10:25発 → 函館 14:11着  指定席○ グリーン○"],
    )
    c.turn(
        "札幌から函館は特急北斗？どのくらいかかる？",
        "はい、特急北斗で約3時間40分、乗り換えなしです。17日なら北斗9号（札幌10:25→函館14:11）"
        "が昼前に出られてちょうどいいと思います。",
        tools=[("train_timetable", {"from": "札幌", "to": "函館", "date": "2027-02-17"}, hokuto)],
    )
    c.turn(
        "北斗で行く。17日の北斗9号、グリーン車4人分とって",
        "北斗9号、2月17日、グリーン車4席を予約しました。予約番号は E-77105 です。",
        tools=[
            (
                "book_train",
                {"train": "北斗9号", "date": "2027-02-17", "class": "グリーン", "pax": 4},
                '{"status": "confirmed", "予約番号": "E-77105", "座席": "4号車 5A〜5D", "合計": '
                '"¥42,680"}',
            )
        ],
        facts=[D("北斗で行く"), HT("E-77105")],
    )
    hakodate = hotels_ja(
        rng,
        ["函館", "湯の川", "ベイエリア", "五稜郭", "元町"],
        {
            "名前": "函館ベイサイド翠月",
            "1泊1室": "¥24,200",
            "部屋": "和洋室（4名）",
            "最寄り": "函館駅 タクシー5分",
            "評価": "4.6",
            "朝食": "和洋ビュッフェ（加熱料理多数・アレルギー対応可）",
        },
    )
    c.turn(
        "母は生魚がダメなの。函館のホテルって朝ごはんが海鮮丼バイキングのとこ多いけど、他のも"
        "ちゃんと選べるとこがいい",
        "それなら函館ベイサイド翠月がよさそうです。朝食は和洋ビュッフェで加熱料理が多く、"
        "アレルギー対応も可。和洋室（4名）1泊¥24,200で予算内、函館駅からタクシー5分です。",
        tools=[
            (
                "hotel_search",
                {"area": "函館", "checkin": "2027-02-17", "nights": 2, "guests": 4},
                hakodate,
            )
        ],
        facts=[K("生魚がダメ")],
    )
    c.turn(
        "翠月でお願い",
        "予約しました。函館ベイサイド翠月、2月17日から2泊、和洋室。確認番号は SG-4471 です。"
        "夫さんの甲殻類アレルギーとお母様の生魚NGは備考欄に書きました。",
        tools=[
            (
                "book_hotel",
                {
                    "hotel": "函館ベイサイド翠月",
                    "checkin": "2027-02-17",
                    "nights": 2,
                    "room": "和洋室",
                    "note": "甲殻類アレルギー1名、生魚不可1名",
                },
                '{"status": "confirmed", "確認番号": "SG-4471", "合計": "¥48,400"}',
            )
        ],
        facts=[HT("SG-4471")],
    )
    c.turn(
        "結衣が雪だるま作るって張り切ってる笑",
        "かわいいですね。札幌の2月は気温が低くて雪がさらさらなので、固まりにくいかもしれません。"
        "手袋は防水のものを2組持っていくと安心です。",
    )
    otaru = restaurants_ja(
        rng,
        "小樽",
        {
            "店名": "洋食ぱらそる 小樽運河店",
            "ジャンル": "洋食",
            "予算": "¥2,200〜",
            "アレルギー対応": "可（甲殻類除去メニューあり）",
            "予約": "可",
            "エリア": "小樽",
            "備考": "小樽駅から徒歩4分、段差なし",
        },
    )
    c.turn(
        "小樽でお昼たべるとこ。寿司はなしね、母が生魚ダメだし夫も甲殻類あるし",
        "洋食ぱらそる 小樽運河店はどうでしょう。甲殻類を除いたメニューがあり、生ものもなし、"
        "予算は1人¥2,200くらいから。小樽駅から徒歩4分で段差なしです。",
        tools=[
            (
                "restaurant_search",
                {"city": "小樽", "date": "2027-02-15", "time": "12:00", "party": 4},
                otaru,
            )
        ],
    )
    c.turn(
        "そこ予約して、2日目の12時、4人",
        "2月15日12:00、4名で予約しました。予約番号は 55012、甲殻類アレルギーの件も伝えてあります。",
        tools=[
            (
                "book_restaurant",
                {
                    "restaurant": "洋食ぱらそる 小樽運河店",
                    "date": "2027-02-15",
                    "time": "12:00",
                    "party": 4,
                    "note": "甲殻類アレルギー1名",
                },
                '{"status": "confirmed", "予約番号": "55012"}',
            )
        ],
        facts=[HT("55012")],
    )
    weather = "\n".join(
        f"2027-02-{d:02d} {city}  最高{rng.randint(-6, 2)}℃ 最低{rng.randint(-14, -5)}℃ "
        f"{rng.choice(['雪', '曇り', '晴れ時々雪', '吹雪'])} 降水確率{rng.randint(20, 90)}%"
        for d in range(14, 21)
        for city in ["札幌", "小樽", "旭川", "函館", "千歳"]
    )
    c.turn(
        "天気どう？14日から",
        "期間中はずっと氷点下で、雪の日が多いです。旭川は最低気温がマイナス10℃を下回る日も"
        "あります。函館は比較的おだやかです。滑りにくい靴は必須ですね。",
        tools=[
            (
                "weather_forecast",
                {"cities": ["札幌", "小樽", "旭川", "函館", "千歳"], "from": "2027-02-14"},
                weather,
            )
        ],
    )
    c.turn(
        "函館は3泊。夫が有給とれた",
        "いいですね。翠月を3泊（2月17日〜20日）に延長しました。確認番号は SG-4471 のままです。",
        tools=[
            (
                "modify_hotel",
                {"確認番号": "SG-4471", "nights": 3},
                '{"status": "modified", "確認番号": "SG-4471", "合計": "¥72,600"}',
            )
        ],
        fix=("函館は2泊", "函館は3泊"),
    )
    c.turn(
        "やっぱり帰りは2月20日に変更で。便も夕方のがいい",
        "2月20日（土）の函館→羽田、夕方だと NH 556（17:50発→19:20着）が4席空いています。",
        tools=[
            (
                "flight_search",
                {"from": "HKD", "to": "HND", "date": "2027-02-20", "pax": 4},
                flights_ja(
                    rng,
                    "函館",
                    "羽田",
                    "2027-02-20",
                    {
                        "便名": "NH 556",
                        "出発": "函館 17:50",
                        "到着": "羽田 19:20",
                        "日付": "2027-02-20",
                        "運賃": "¥28,900",
                        "空席": "○",
                    },
                ),
            )
        ],
        fix=("2月19日", "2月20日"),
    )
    c.turn(
        "NH556で4人",
        "予約しました。NH 556、2月20日17:50函館発、予約番号 R4TN8Y です。",
        tools=[
            (
                "book_flight",
                {
                    "flight": "NH 556",
                    "date": "2027-02-20",
                    "passengers": ["佐藤美咲", "佐藤健一", "佐藤結衣", "山口和子"],
                },
                '{"status": "confirmed", "予約番号": "R4TN8Y", "座席": ["21A", "21B", "21C", '
                '"22C"], '
                '"合計": "¥115,600"}',
            )
        ],
        facts=[HT("R4TN8Y")],
    )
    c.turn(
        "夫のJALのマイレージ番号 418822907、行きの便に登録しといて",
        "JL 503 の健一さんの予約にマイレージ番号 418822907 を登録しました。",
        tools=[
            (
                "update_booking",
                {"予約番号": "K7QX2M", "passenger": "佐藤健一", "jmb": "418822907"},
                '{"status": "updated"}',
            )
        ],
        facts=[H("418822907")],
    )
    c.turn(
        "函館山の夜景って母でも行ける？ロープウェイ混む？",
        "冬の週末はロープウェイが30〜40分待ちになることが多いそうです。山頂までタクシーで行けば"
        "ほとんど歩かずに済みます。冬期は夜間の車両規制がある日もあるので、当日確認が必要です。",
    )
    c.turn(
        "函館山はタクシーで行く。並ぶのは無理",
        "了解です。函館山はタクシーで、夕食後に行く予定にしておきます。",
        facts=[D("函館山はタクシーで")],
    )
    c.turn(
        "旅行保険って入ったほうがいい？",
        "冬の北海道は欠航や転倒のリスクがあるので、国内旅行保険に入っておくと安心です。"
        "4人で数千円程度だと思います。クレジットカード付帯の保険も確認してみてください。",
    )
    c.turn(
        "ここまででいくらになった？",
        "飛行機 ¥124,800＋¥115,600、ホテル ¥71,400＋¥72,600、北斗 ¥42,680 で、合計 ¥427,080 "
        "です。食事やタクシーを入れると50万円前後になりそうです。",
        tools=[("calculator", {"expr": "124800+115600+71400+72600+42680"}, "427080")],
    )
    hko = restaurants_ja(
        rng,
        "函館",
        {
            "店名": "洋食レンガ館 元町",
            "ジャンル": "洋食",
            "予算": "¥3,500〜",
            "アレルギー対応": "可",
            "予約": "可",
            "エリア": "函館",
            "備考": "翠月からタクシー6分、席まで段差なし",
        },
    )
    c.turn(
        "函館1日目の夕飯、18時で探して。甲殻類なしで",
        "洋食レンガ館 元町がよさそうです。アレルギー対応可、翠月からタクシー6分、段差なし。"
        "1人¥3,500くらいからです。",
        tools=[
            (
                "restaurant_search",
                {"city": "函館", "date": "2027-02-17", "time": "18:00", "party": 4},
                hko,
            )
        ],
    )
    c.turn(
        "そこで予約",
        "2月17日18:00、4名で予約しました。予約番号は LR-3308 です。",
        tools=[
            (
                "book_restaurant",
                {
                    "restaurant": "洋食レンガ館 元町",
                    "date": "2027-02-17",
                    "time": "18:00",
                    "party": 4,
                },
                '{"status": "confirmed", "予約番号": "LR-3308"}',
            )
        ],
        facts=[HT("LR-3308")],
    )
    c.turn(
        "結衣がスキーもしたいって言い出した…",
        "レンタカーなしなら、札幌から路線バスで行けるスキー場があります。片道1時間くらいです。"
        "ただ日程がかなり詰まっているので、今回は雪遊びくらいにしておくのも手だと思います。",
    )
    c.turn(
        "スキーは今回なし。レンガ館は18時じゃなくて18時半にして、ホテルで一回休みたい",
        "LR-3308 を2月17日18:30に変更しました。",
        tools=[
            (
                "modify_restaurant",
                {"予約番号": "LR-3308", "time": "18:30"},
                '{"status": "modified"}',
            )
        ],
        fix=("18時", "18時半"),
    )
    c.turn(
        "夫のアレルギーのこと、レンガ館にもちゃんと伝えた？",
        "まだでした。今、甲殻類アレルギー（エビ・カニすべて、出汁も不可）1名と伝えるメッセージを"
        "送りました。",
        tools=[
            (
                "send_message",
                {
                    "to": "洋食レンガ館 元町",
                    "text": "甲殻類アレルギー1名（エビ・カニ、出汁も不可）です。"
                    "よろしくお願いします。",
                },
                '{"status": "sent", "reply": "承知しました。除去対応いたします。"}',
            )
        ],
    )
    c.turn(
        "新千歳からホテルまでどうする？母のこと考えて",
        "空港からはタクシーか空港リムジンバスがいいと思います。JRだと札幌駅で乗り換えと歩きが"
        "あるので、お母様には大変かもしれません。タクシーなら1時間ほど、料金は2万円前後です。",
    )
    c.turn(
        "空港で車椅子借りられる？羽田と新千歳",
        "JALで手配できます。羽田・新千歳とも車椅子とスタッフの付き添いを申し込みました。受付番号は "
        "JA-AST-5521 です。",
        tools=[
            (
                "airline_assist",
                {
                    "予約番号": "K7QX2M",
                    "passenger": "山口和子",
                    "service": "wheelchair",
                    "airports": ["HND", "CTS"],
                },
                '{"status": "accepted", "受付番号": "JA-AST-5521"}',
            )
        ],
        facts=[HT("JA-AST-5521")],
    )
    asa = timetable_ja(
        rng,
        ["ライラック", "カムイ"],
        "旭川",
        "札幌",
        85,
        ["カムイ36号  旭川 16:00発 → 札幌 17:25着  指定席○ グリーン△"],
    )
    c.turn(
        "旭山の帰りは何時の特急がいい？",
        "閉園が15:30なので、カムイ36号（旭川16:00→札幌17:25）がちょうどいいと思います。バスが"
        "混むならタクシーで駅まで。",
        tools=[("train_timetable", {"from": "旭川", "to": "札幌", "date": "2027-02-16"}, asa)],
        facts=[HT("カムイ36号")],
    )
    c.turn(
        "しおりっぽくまとめて",
        "2/14 JL 503 羽田8:00→新千歳9:35、札幌ノースコート泊（3泊）\n2/15 小樽日帰り、12:00 "
        "洋食ぱらそる\n"
        "2/16 旭山動物園、帰りはカムイ36号\n2/17 北斗9号で函館、翠月泊（3泊）、18:30 "
        "レンガ館\n2/18〜19 函館観光、"
        "夜景はタクシーで\n2/20 NH 556 函館17:50→羽田19:20",
    )
    c.turn(
        "ありがと。行きの便、何時発で便名なんだっけ",
        "JL 503、2月14日 羽田8:00発です。",
        recall=["JL 503", "2月14日"],
    )
    c.turn(
        "JALの予約番号も。オンラインチェックインしたい",
        "K7QX2M です。",
        recall=["K7QX2M"],
    )
    c.turn(
        "札幌のホテルの住所、タクシーの運転手さんに見せたい",
        "札幌市中央区南4条西5丁目8-2（ホテルノースコート札幌）です。",
        recall=["札幌市中央区南4条西5丁目8-2"],
    )
    c.turn(
        "雪まつりって結局いつまでだった？ママ友に聞かれた",
        "2月11日までです（2月4日から）。",
        recall=["2月11日"],
    )
    c.turn(
        "ノースコートの朝ごはんって、夫大丈夫かな",
        "ビュッフェなので選べますが、念のため甲殻類アレルギーのことを伝えておきます。確認番号 "
        "NC-20931-S で連絡しますね。",
        recall=["甲殻類アレルギー", "NC-20931-S"],
    )
    c.turn(
        "旭山って何時まで開いてるんだっけ",
        "冬期は10:30〜15:30（入園は15:00まで）です。",
        recall=["10:30〜15:30"],
    )
    c.turn(
        "ホテル代って予算内だったよね？上限いくらにしたっけ",
        "はい、1泊2万5千円までという条件で、札幌は¥23,800、函館は¥24,200 なので両方とも"
        "予算内です。",
        recall=["1泊2万5千円まで"],
    )
    c.turn(
        "母に電話で説明するから、歩く距離のことどうなってるか教えて",
        "長く歩くのはなしの前提で組んであります。空港は車椅子とスタッフ付き（JA-AST-5521）、"
        "空港からホテルはタクシー、小樽の店は駅から徒歩4分で段差なし、函館山もタクシーです。",
        recall=["長く歩くのはなし", "JA-AST-5521"],
    )
    c.turn(
        "帰りは何日の何時だっけ",
        "2月20日、NH 556 函館17:50発→羽田19:20着です。",
    )
    c.turn("ありがとう！楽しみ〜", "楽しい旅行になりますように！")
    return c.write(out)


# -- 4. Vertrags- und Angebotsprüfung im Einkauf (German) -------------------------------------

MASCHINEN = [
    ("DMG MORI", "DMU 50"),
    ("DMG MORI", "NLX 2500"),
    ("Hermle", "C 42 U"),
    ("Hermle", "C 32"),
    ("Chiron", "FZ 16"),
    ("Grob", "G350"),
    ("Mazak", "Integrex i-200"),
    ("Index", "G220"),
    ("Heller", "H 5000"),
    ("Spinner", "U5-630"),
]

LV_ARBEITEN = [
    "Inspektion",
    "Wartung",
    "Spindelservice",
    "Geometrieprüfung",
    "Kühlschmierstoffanlage",
    "Steuerungsupdate",
    "Hydraulik",
]
PARAGRAFEN = [
    "Geheimhaltung",
    "Subunternehmer",
    "Dokumentation",
    "Arbeitssicherheit",
    "Ersatzteile",
    "Datenschutz",
    "Abnahme",
]
PFLICHTEN = [
    "alle Arbeiten dokumentiert",
    "die Vorschriften der DGUV eingehalten",
    "Originalersatzteile verwendet",
    "Subunternehmer nur nach Zustimmung eingesetzt",
]
HR_EINTRAEGE = [
    "Veränderungen",
    "Gesellschafterliste",
    "Jahresabschluss",
    "Prokura erteilt",
    "Satzungsänderung",
]


def leistungsverzeichnis(rng: random.Random, n: int) -> str:
    lines = []
    for k in range(1, n + 1):
        lines.append(
            f"Pos. {k:02d}  "
            f"{rng.choice(LV_ARBEITEN)}"
            f" {rng.choice(['halbjährlich', 'jährlich', 'quartalsweise', 'nach Bedarf'])}, "
            f"{rng.randint(2, 42)} Anlagen, {rng.randint(4, 160)} h, inkl. Anfahrt"
        )
    return "\n".join(lines)


def angebot(rng: random.Random, head: str, tail: str) -> str:
    return f"{head}\n\nLeistungsverzeichnis\n{leistungsverzeichnis(rng, 90)}\n\n{tail}"


def vertragsentwurf(rng: random.Random) -> str:
    parts = [
        "RAHMENVERTRAG INSTANDHALTUNG — ENTWURF (Stand 26.02.2027)",
        "Vertragsnummer: RV-2027-0318",
        "zwischen Brenner Antriebstechnik GmbH, Augsburg (Auftraggeber) und Hallberg "
        "Industrieservice GmbH, Gersthofen (Auftragnehmer)",
        "§ 1 Vertragsgegenstand: Instandhaltung der CNC-Bearbeitungszentren im Werk Lechhausen "
        "gemäß Anlage 1 (Leistungsverzeichnis).",
        "§ 2 Laufzeit: 36 Monate ab 01.04.2027; Verlängerung um jeweils 12 Monate, sofern nicht "
        "gekündigt wird.",
        "§ 3 Kündigung: Die Kündigungsfrist beträgt sechs Monate zum Quartalsende. Das Recht zur "
        "außerordentlichen Kündigung bleibt unberührt.",
        "§ 4 Vergütung: Jahrespauschale gemäß Angebot HIS-A-55817; 30 % Vorauszahlung bei "
        "Vertragsbeginn, Rest in Quartalsraten, zahlbar 14 Tage netto.",
        "§ 5 Reaktionszeit: 4 Stunden ab Störungsmeldung an Werktagen 6-22 Uhr.",
        "§ 6 Vertragsstrafe: Bei Überschreitung der Reaktionszeit 0,5 % pro Woche der "
        "Jahrespauschale, höchstens 5 %.",
        "§ 7 Haftung: Die Haftung des Auftragnehmers ist auf die Höhe der Jahresvergütung "
        "begrenzt, ausgenommen Vorsatz und grobe Fahrlässigkeit.",
    ]
    for k in range(8, 52):
        parts.append(
            f"§ {k} {rng.choice(PARAGRAFEN)}: "
            "Der Auftragnehmer "
            f"{rng.choice(['stellt sicher', 'verpflichtet sich', 'gewährleistet'])}, dass "
            f"{rng.choice(PFLICHTEN)} "
            f"werden; Einzelheiten regelt Anlage {rng.randint(2, 9)}."
        )
    parts.append("§ 52 Gerichtsstand: Kempten (Allgäu). Es gilt deutsches Recht.")
    return "\n".join(parts)


def contract(out: Path) -> int:
    rng = random.Random(404)
    c = Conversation(
        "contract_de",
        "de",
        "Einkauf: Angebotsvergleich und Vertragsprüfung Instandhaltungsvertrag",
        cues=(
            "eigentlich",
            "korrigier",
            "korrektur",
            "doch",
            "nicht ",
            "sondern",
            "stattdessen",
            "geändert",
            "ändern",
            "sorry",
            "falsch",
            "verschoben",
            "statt",
            "vertan",
        ),
    )
    docs = table(
        ["dok_id", "titel", "absender", "eingang", "seiten"],
        [
            (
                "DMS-558120",
                "Angebot Instandhaltung CNC",
                "Hallberg Industrieservice GmbH",
                "2027-02-25",
                "14",
            ),
            (
                "DMS-558133",
                "Angebot Instandhaltung CNC",
                "Techno-Serv Kaufmann KG",
                "2027-02-26",
                "9",
            ),
            (
                "DMS-558141",
                "Angebot Instandhaltung CNC",
                "MRS Maschinenring Süd GmbH",
                "2027-02-26",
                "11",
            ),
            (
                "DMS-558142",
                "Vertragsentwurf Rahmenvertrag",
                "Hallberg Industrieservice GmbH",
                "2027-02-26",
                "18",
            ),
        ]
        + [
            (
                f"DMS-5{rng.randint(10000, 58000)}",
                rng.choice(
                    ["Lieferschein", "Rechnung", "Wartungsprotokoll", "Prüfbericht", "Aktennotiz"]
                ),
                rng.choice(
                    [
                        "Werk Lechhausen",
                        "Hallberg Industrieservice GmbH",
                        "Einkauf",
                        "Instandhaltung",
                        "DMG MORI Service",
                    ]
                ),
                f"202{rng.randint(5, 7)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                str(rng.randint(1, 30)),
            )
            for _ in range(70)
        ],
        " | ",
    )
    c.turn(
        "Moin, ich brauch Unterstützung bei der Ausschreibung Instandhaltung CNC, Vorgang "
        "EK-2027-0142, Kostenstelle 4120-IH. Drei Angebote sind drin. Die Vergabeentscheidung "
        "muss bis 15. März 2027 stehen, dann tagt der Investitionsausschuss",
        "Moin! Im Vorgang EK-2027-0142 liegen die drei Angebote: Hallberg Industrieservice GmbH "
        "(A), Techno-Serv Kaufmann KG (B) und MRS Maschinenring Süd GmbH (C), dazu ein "
        "Vertragsentwurf von Hallberg. Bis zum 15. März bleiben gut zwei Wochen.",
        tools=[("dms_liste", {"vorgang": "EK-2027-0142"}, docs)],
        lead="Ich schaue in den Vorgang.",
        facts=[H("EK-2027-0142"), H("4120-IH"), H("bis 15. März 2027")],
    )
    a = angebot(
        rng,
        "Hallberg Industrieservice GmbH · Gersthofen\nAngebot Nr. HIS-A-55817 vom 24.02.2027\n"
        "Betreff: Rahmenvertrag Instandhaltung CNC-Bearbeitungszentren, Werk Lechhausen\n"
        "Jahrespauschale: 148.800,00 EUR netto zzgl. MwSt.\nReaktionszeit: 4 Stunden (Werktage "
        "6-22 Uhr)",
        "Zahlungsbedingungen: 30 % Vorauszahlung bei Auftragserteilung, Rest in Quartalsraten, "
        "14 Tage netto.\nErsatzteile: Listenpreis abzgl. 8 %.\nGültigkeit: 60 Tage.",
    )
    c.turn(
        "fang mit Angebot A an, Hallberg",
        "Hallberg bietet unter HIS-A-55817 eine Jahrespauschale von 148.800,00 EUR netto bei 4 "
        "Stunden Reaktionszeit. Haken: 30 % Vorauszahlung bei Auftragserteilung, Rest "
        "quartalsweise mit 14 Tagen Ziel. Ersatzteile gibt es mit 8 % auf Liste.",
        tools=[("dokument_lesen", {"dok_id": "DMS-558120"}, a)],
        facts=[HT("HIS-A-55817"), HT("148.800,00 EUR", "148.800 EUR", "148800")],
    )
    c.turn(
        "30 % Vorauszahlung, geht gar nicht. bei uns gilt keine Vorauszahlung, und Zahlungsziel "
        "30 Tage netto. Konzernvorgabe, da diskutier ich nicht",
        "Verstanden: keine Vorauszahlung, Zahlungsziel 30 Tage netto. Das müsste Hallberg in "
        "beiden Punkten ändern.",
        facts=[K("keine Vorauszahlung"), K("Zahlungsziel 30 Tage netto")],
    )
    b = angebot(
        rng,
        "Techno-Serv Kaufmann KG · Neu-Ulm\nAngebotsnr. TSK-2027-311\n"
        "Monatliche Servicepauschale: 12.500,00 EUR netto\nReaktionszeit: 24 Stunden",
        "Ersatzteile: Listenpreis zzgl. 18 % Handlingaufschlag.\nZahlung: monatlich, 30 Tage "
        "netto.",
    )
    c.turn(
        "Angebot B, Techno-Serv",
        "Techno-Serv will 12.500,00 EUR netto im Monat, also 150.000,00 EUR im Jahr, mit 24 "
        "Stunden Reaktionszeit. Ersatzteile mit 18 % Aufschlag. Zahlung 30 Tage netto, immerhin.",
        tools=[("dokument_lesen", {"dok_id": "DMS-558133"}, b)],
        facts=[HT("12.500,00 EUR", "12.500 EUR", "12500"), HT("24 Stunden")],
    )
    c.turn(
        "24h Reaktionszeit wenn eine Maschine steht? nee. Angebot B abgelehnt.",
        "Notiert: Angebot B abgelehnt, wegen der Reaktionszeit.",
        facts=[D("Angebot B abgelehnt")],
    )
    cc = angebot(
        rng,
        "MRS Maschinenring Süd GmbH · München\nAngebot MRS-0931/27\n"
        "Jahresvergütung: 139.200,00 EUR netto\nReaktionszeit: 6 Stunden",
        "Haftung: begrenzt auf 250.000,00 EUR je Schadensfall.\nZahlung: 30 Tage netto, keine "
        "Anzahlung.\nGerichtsstand: München.",
    )
    c.turn(
        "dann C, MRS",
        "MRS liegt bei 139.200,00 EUR netto im Jahr, 6 Stunden Reaktionszeit, 30 Tage netto ohne "
        "Anzahlung. Die Haftung ist auf 250.000,00 EUR je Schadensfall begrenzt, Gerichtsstand "
        "München.",
        tools=[("dokument_lesen", {"dok_id": "DMS-558141"}, cc)],
        facts=[HT("139.200,00 EUR", "139.200 EUR", "139200"), HT("250.000,00 EUR", "250.000 EUR")],
    )
    c.turn(
        "Gerichtsstand muss Augsburg sein, das ist bei uns nicht verhandelbar",
        "Gut zu wissen. Dann müssen sowohl MRS (München) als auch Hallberg nachbessern, falls "
        "deren Entwurf etwas anderes vorsieht.",
        facts=[K("Gerichtsstand muss Augsburg sein")],
    )
    c.turn(
        "Budget für das Ganze: 140.000 EUR im Jahr, hat Herr Pohl vom Controlling freigegeben",
        "Dann liegt nur MRS mit 139.200,00 EUR knapp im Budget; Hallberg wäre mit 148.800,00 EUR "
        "etwa 6 % drüber.",
        facts=[H("Herr Pohl", "Herrn Pohl")],
    )
    hr = (
        "Handelsregister B des Amtsgerichts München — HRB 20418\nFirma: MRS Maschinenring Süd "
        "GmbH\n"
        "Sitz: München, Landsberger Str. 302\nGeschäftsführer: Florian Aigner, "
        "einzelvertretungsberechtigt\n"
        "Stammkapital: 100.000,00 EUR\nUSt-IdNr.: DE318442907\nBekanntmachungen:\n"
        + "\n".join(
            f"  {rng.randint(2012, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}  "
            f"{rng.choice(HR_EINTRAEGE)}"
            for _ in range(60)
        )
    )
    c.turn(
        "Handelsregister-Check für MRS bitte, kenn die nicht",
        "MRS Maschinenring Süd GmbH ist beim Amtsgericht München unter HRB 20418 eingetragen, "
        "Geschäftsführer Florian Aigner, Stammkapital 100.000,00 EUR. Keine Insolvenz- oder "
        "Liquidationseinträge, regelmäßige Jahresabschlüsse.",
        tools=[("handelsregister", {"firma": "MRS Maschinenring Süd GmbH"}, hr)],
        facts=[HT("HRB 20418"), HT("Florian Aigner")],
    )
    c.turn(
        "Ansprechpartner bei Hallberg ist Herr Dr. Kranz, Tel. 0821 4471-230",
        "Notiert: Dr. Kranz, 0821 4471-230.",
        facts=[H("Dr. Kranz"), H("0821 4471-230", "08214471230", "0821 4471230")],
    )
    c.turn(
        "heute ist Betriebsversammlung, ich hab nur bis 11 Zeit",
        "Alles klar, dann konzentrieren wir uns bis 11 auf das Wichtigste: Vergleich A und C und "
        "den Vertragsentwurf.",
    )
    vergleich = table(
        ["kriterium", "A Hallberg", "C MRS"],
        [
            ("Jahrespauschale netto", "148.800,00 EUR", "139.200,00 EUR"),
            ("Reaktionszeit", "4 h", "6 h"),
            ("Zahlung", "30 % Vorauszahlung, 14 Tage", "30 Tage netto"),
            ("Haftung", "Jahresvergütung", "250.000,00 EUR"),
            ("Gerichtsstand", "siehe Entwurf", "München"),
            ("Ersatzteile", "Liste -8 %", "Liste"),
        ]
        + [
            (f"LV-Position {k:02d} Stunden", str(rng.randint(4, 160)), str(rng.randint(4, 160)))
            for k in range(1, 91)
        ],
        " | ",
    )
    c.turn(
        "A und C nebeneinander, auf 3 Jahre gerechnet",
        "Auf 3 Jahre: A 446.400,00 EUR, C 417.600,00 EUR, also rund 28.800 EUR Unterschied. "
        "Rechnet man die Ersatzteile mit, schätze ich bei A etwa 20.000 EUR im Jahr weniger "
        "Teilekosten wegen der 8 % Rabatt, das ist aber nur grob geschätzt.",
        tools=[
            (
                "angebote_vergleichen",
                {"dok_ids": ["DMS-558120", "DMS-558141"], "jahre": 3},
                vergleich,
            )
        ],
    )
    c.turn(
        "Hallberg anschreiben: Vorauszahlung raus, Zahlungsziel 30 Tage, sonst sind sie raus. "
        "Antwort bis Donnerstag",
        "Mail an Dr. Kranz ist raus: keine Vorauszahlung, Zahlungsziel 30 Tage netto, Antwort "
        "bis Donnerstag erbeten.",
        tools=[
            (
                "email_senden",
                {
                    "an": "kranz@hallberg-industrieservice.de",
                    "betreff": "EK-2027-0142 Zahlungsbedingungen",
                },
                '{"status": "gesendet"}',
            )
        ],
    )
    c.turn(
        "der Vertragsentwurf von Hallberg hängt auch dran, prüf mal Kündigung, Haftung, "
        "Gerichtsstand",
        "Vertragsnummer RV-2027-0318. Kündigung: sechs Monate zum Quartalsende, das ist üblich. "
        "Laufzeit 36 Monate mit automatischer Verlängerung. Haftung nur bis zur Jahresvergütung, "
        "Vertragsstrafe 0,5 % pro Woche bis max. 5 %. Gerichtsstand Kempten, und in § 4 steht "
        "wieder die Vorauszahlung.",
        tools=[("dokument_lesen", {"dok_id": "DMS-558142"}, vertragsentwurf(rng))],
        facts=[HT("RV-2027-0318"), HT("sechs Monate zum Quartalsende"), HT("0,5 % pro Woche")],
    )
    c.turn(
        "Kempten geht nicht, siehe oben. und Laufzeit höchstens 24 Monate, wir wollen nach zwei "
        "Jahren neu ausschreiben können",
        "Notiert: Laufzeit höchstens 24 Monate, Gerichtsstand Augsburg. Beides kommt auf die "
        "Änderungsliste für Hallberg.",
        facts=[K("höchstens 24 Monate")],
    )
    c.turn(
        "Frau Leitner aus der Rechtsabteilung soll den Entwurf gegenlesen, schick ihn ihr",
        "An Frau Leitner geschickt, mit der Bitte um Prüfung bis Ende nächster Woche.",
        tools=[
            (
                "email_senden",
                {"an": "leitner@brenner-antriebe.de", "anhang": "DMS-558142"},
                '{"status": "gesendet"}',
            )
        ],
    )
    c.turn(
        "so, zurück. die Versammlung ging ewig",
        "Willkommen zurück. Stand: A und C verglichen, Hallberg angeschrieben, Entwurf ist bei "
        "der Rechtsabteilung.",
    )
    reply_h = (
        "Von: Dr. Matthias Kranz <kranz@hallberg-industrieservice.de>\nBetreff: AW: EK-2027-0142 "
        "Zahlungsbedingungen\n\n"
        "Sehr geehrte Frau Vogel,\nwir verzichten auf die Vorauszahlung und akzeptieren 30 Tage "
        "netto. Im Gegenzug "
        "passen wir die Jahrespauschale auf 151.200,00 EUR netto an.\nMit freundlichen "
        "Grüßen\nDr. Matthias Kranz\n"
        "Hallberg Industrieservice GmbH · Siemensstr. 12 · 86368 Gersthofen\n"
        + "\n".join(
            f"> {line}" for line in ["Sehr geehrter Herr Dr. Kranz,", "wie besprochen ..."] * 30
        )
        + "\n"
        + "Diese E-Mail enthält vertrauliche Informationen. " * 25
    )
    c.turn(
        "Antwort von Hallberg da?",
        "Ja: Hallberg verzichtet auf die Vorauszahlung und geht auf 30 Tage netto, erhöht dafür "
        "die Jahrespauschale auf 151.200,00 EUR netto.",
        tools=[("email_lesen", {"von": "kranz@hallberg-industrieservice.de"}, reply_h)],
        facts=[HT("151.200,00 EUR", "151.200 EUR", "151200")],
    )
    c.turn(
        "Budget für das Ganze: 155.000 EUR im Jahr, so steht's jetzt im Freigabeformular von "
        "Herrn Pohl",
        "Dann liegen beide im Budget: Hallberg mit 151.200,00 EUR und MRS mit 139.200,00 EUR.",
        fix=("140.000 EUR", "155.000 EUR"),
    )
    c.turn(
        "C ist billiger, aber München und 6 Stunden. Hmm",
        "Wenn die Reaktionszeit wichtig ist, spricht viel für Hallberg. Fragen wir MRS, ob sie "
        "Augsburg und 4 Stunden anbieten können; dann haben wir einen fairen Vergleich.",
    )
    c.turn(
        "ja, frag MRS ob Augsburg als Gerichtsstand geht und ob sie auf 4 Stunden kommen",
        "Anfrage an Herrn Aigner geschickt.",
        tools=[
            (
                "email_senden",
                {"an": "f.aigner@mrs-sued.de", "betreff": "EK-2027-0142 Rückfragen"},
                '{"status": "gesendet"}',
            )
        ],
    )
    c.turn(
        "hat Frau Leitner schon was gesagt?",
        "Nur eine Abwesenheitsnotiz: Sie ist bis 12.03. im Urlaub, Vertretung Herr Brandes.",
        tools=[
            (
                "email_lesen",
                {"von": "leitner@brenner-antriebe.de"},
                "Automatische Antwort: Ich bin bis einschließlich 12.03.2027 nicht im Haus. In "
                "dringenden Fällen wenden Sie sich bitte an Herrn Brandes "
                "(brandes@brenner-antriebe.de, -418).",
            )
        ],
    )
    c.turn(
        "eigentlich ist für Einkaufsverträge eh Herr Brandes zuständig, schick's ihm",
        "An Herrn Brandes weitergeleitet, mit Hinweis auf unsere Punkte Gerichtsstand, Laufzeit "
        "und Vorauszahlung.",
        tools=[
            (
                "email_senden",
                {"an": "brandes@brenner-antriebe.de", "anhang": "DMS-558142"},
                '{"status": "gesendet"}',
            )
        ],
        fix=("Frau Leitner", "Herr Brandes"),
    )
    anlagen = table(
        ["inv_nr", "hersteller", "typ", "baujahr", "halle", "status"],
        [("70-1183", "DMG MORI", "DMU 65 monoBLOCK", "2009", "H2", "Ausmusterung geplant 06/2027")]
        + [
            (
                f"70-{rng.randint(1000, 1999)}",
                *rng.choice(MASCHINEN),
                str(rng.randint(2011, 2026)),
                rng.choice(["H1", "H2", "H3", "H4"]),
                "in Betrieb",
            )
            for _ in range(41)
        ],
        " | ",
    )
    anlagen_rows = anlagen.split("\n")
    anlagen = (
        "\n".join([anlagen_rows[0], *sorted(anlagen_rows[1:])])
        + "\n\n42 Anlagen im Scope laut Anlage 1"
    )
    c.turn(
        "Anlagenverzeichnis: wie viele Maschinen sind im Scope?",
        "42 Anlagen. Eine davon, die DMU 65 monoBLOCK (Inv.-Nr. 70-1183, Baujahr 2009), ist "
        "zur Ausmusterung im Juni 2027 vorgesehen.",
        tools=[("anlagenverzeichnis", {"werk": "Lechhausen", "kostenstelle": "4120-IH"}, anlagen)],
        facts=[HT("70-1183")],
    )
    c.turn(
        "die 70-1183 fliegt raus aus dem Leistungsverzeichnis, die wird eh verschrottet",
        "Notiert: 70-1183 fliegt raus; 41 Anlagen bleiben. Das sollte die Pauschale um etwa 2-3 % "
        "drücken, schätze ich.",
        facts=[D("70-1183 fliegt raus")],
    )
    brandes = (
        "Von: Jens Brandes\nBetreff: AW: Entwurf RV-2027-0318\n\nHallo Frau Vogel,\n"
        "1. § 7 Haftung: Begrenzung auf die Jahresvergütung ist zu niedrig, bitte mindestens "
        "500.000,00 EUR je Schadensfall.\n"
        "2. § 52 Gerichtsstand Kempten: auf Augsburg ändern.\n3. § 2 Laufzeit: passt nicht zu "
        "Ihrer Vorgabe, 24 Monate.\n"
        "4. § 4 Vorauszahlung streichen.\n5. § 3 und § 6 sind in Ordnung.\nGruß, Brandes\n"
        + "\n".join(f"> {k}. Anmerkung aus Vorversion: redaktionell" for k in range(60))
    )
    c.turn(
        "Brandes hat geantwortet, was sagt er",
        "Er will die Haftung auf mindestens 500.000,00 EUR je Schadensfall anheben, den "
        "Gerichtsstand auf Augsburg, die Laufzeit auf 24 Monate und die Vorauszahlung "
        "streichen. Kündigungsfrist und Vertragsstrafe hält er für in Ordnung.",
        tools=[("email_lesen", {"von": "brandes@brenner-antriebe.de"}, brandes)],
        facts=[HT("mindestens 500.000,00 EUR", "500.000,00 EUR", "500.000 EUR")],
    )
    c.turn(
        "und MRS?",
        "MRS akzeptiert Augsburg als Gerichtsstand. 4 Stunden Reaktionszeit nur gegen einen "
        "Aufpreis von 9.600,00 EUR im Jahr.",
        tools=[
            (
                "email_lesen",
                {"von": "f.aigner@mrs-sued.de"},
                "Sehr geehrte Frau Vogel, Gerichtsstand Augsburg ist für uns in Ordnung. Eine "
                "Reaktionszeit von 4 Stunden können wir gegen einen Aufpreis von 9.600,00 EUR "
                "p.a. anbieten. Freundliche Grüße, Florian Aigner",
            )
        ],
    )
    c.turn(
        "also C mit 4 h wäre bei 148.800. Hallberg bei 151.200. fast gleich",
        "Genau: 139.200,00 + 9.600,00 = 148.800,00 EUR bei MRS, 151.200,00 EUR bei Hallberg, "
        "Differenz 2.400,00 EUR im Jahr.",
        tools=[("rechner", {"ausdruck": "139200+9600"}, "148800")],
    )
    scores = table(
        ["lieferant", "lief_nr", "bewertung", "liefertreue", "qualitaet", "auftraege_24m"],
        [
            ("Hallberg Industrieservice GmbH", "4001877", "1,7", "96 %", "1,5", "37"),
            ("MRS Maschinenring Süd GmbH", "-", "keine Historie", "-", "-", "0"),
        ]
        + [
            (
                f"{rng.choice(['Müller', 'Huber', 'Wagner', 'Bauer', 'Maier'])} "
                f"{rng.choice(['Technik', 'Service', 'Industrie', 'Anlagenbau'])} "
                f"{rng.choice(['GmbH', 'KG', 'GmbH & Co. KG'])}",
                str(rng.randint(4000000, 4009999)),
                f"{rng.uniform(1.2, 3.8):.1f}".replace(".", ","),
                f"{rng.randint(78, 99)} %",
                f"{rng.uniform(1.2, 3.5):.1f}".replace(".", ","),
                str(rng.randint(1, 80)),
            )
            for _ in range(60)
        ],
        " | ",
    )
    c.turn(
        "Lieferantenbewertung aus SAP für beide",
        "Hallberg: Lieferantennummer 4001877, Gesamtnote 1,7, Liefertreue 96 %, 37 Aufträge in "
        "24 Monaten. MRS hat bei uns noch keine Historie.",
        tools=[("sap_lieferantenbewertung", {"lieferanten": ["Hallberg", "MRS"]}, scores)],
    )
    c.turn(
        "wir nehmen Hallberg. Zuschlag an Hallberg, die kennen unsere Maschinen und 37 "
        "Aufträge ohne Ärger zählen mehr als 2.400 im Jahr",
        "Zuschlag an Hallberg ist notiert. Als Nächstes: Absage an MRS und die Vertragsänderungen.",
        facts=[D("Zuschlag an Hallberg")],
    )
    c.turn(
        "Absage an MRS, freundlich, wir wollen die nächstes Mal wieder fragen",
        "Gesendet: Dank für das Angebot und die schnelle Rückmeldung, Entscheidung für einen "
        "anderen Anbieter, gern wieder bei der nächsten Ausschreibung.",
        tools=[
            (
                "email_senden",
                {"an": "f.aigner@mrs-sued.de", "betreff": "EK-2027-0142 Entscheidung"},
                '{"status": "gesendet"}',
            )
        ],
    )
    c.turn(
        "jetzt die Änderungen an Hallberg: Laufzeit, Gerichtsstand, Haftung, Zahlung, und die "
        "70-1183 raus",
        "An Dr. Kranz geschickt: Laufzeit 24 Monate ohne Automatik-Verlängerung, Gerichtsstand "
        "Augsburg, Haftung mindestens 500.000,00 EUR je Schadensfall, keine Vorauszahlung, 30 "
        "Tage netto, Anlage 70-1183 aus dem Leistungsverzeichnis.",
        tools=[
            (
                "email_senden",
                {"an": "kranz@hallberg-industrieservice.de", "betreff": "RV-2027-0318 Änderungen"},
                '{"status": "gesendet"}',
            )
        ],
    )
    c.turn("puh, Mittag. bis gleich", "Guten Appetit!")
    c.turn(
        "Kranz hat zurückgeschrieben?",
        "Ja, alle Punkte akzeptiert. Wegen der Ausmusterung der 70-1183 reduziert Hallberg die "
        "Pauschale freiwillig um 1.800,00 EUR, auf 149.400,00 EUR netto.",
        tools=[
            (
                "email_lesen",
                {"von": "kranz@hallberg-industrieservice.de"},
                "Sehr geehrte Frau Vogel, wir akzeptieren: 24 Monate, Gerichtsstand Augsburg, "
                "Haftung 500.000,00 EUR je Schadensfall, keine Vorauszahlung, 30 Tage netto. Für "
                "den Wegfall der Anlage 70-1183 reduzieren wir die Jahrespauschale auf 149.400,00 "
                "EUR netto. Der angepasste Entwurf folgt. Mit freundlichen Grüßen, Dr. Matthias "
                "Kranz",
            )
        ],
    )
    c.turn(
        "Banf anlegen in SAP, 2 Jahre",
        "Bestellanforderung 10048812 angelegt: 298.800,00 EUR netto über 24 Monate, "
        "Kostenstelle 4120-IH, Lieferant 4001877.",
        tools=[
            (
                "sap_banf_anlegen",
                {
                    "lieferant": "4001877",
                    "betrag": "298800.00",
                    "kostenstelle": "4120-IH",
                    "laufzeit_monate": 24,
                },
                '{"banf": "10048812", "status": "angelegt", "freigabe": "Stufe 2 (GF)"}',
            )
        ],
        facts=[HT("10048812")],
    )
    c.turn(
        "Unterschrift macht der GF. wann hat er Zeit?",
        "Nächster freier Termin beim Geschäftsführer: Donnerstag, 11. März 2027, 14:00 Uhr, 30 "
        "Minuten.",
        tools=[
            (
                "kalender_frei",
                {"person": "Geschäftsführung", "bis": "2027-03-15"},
                '{"frei": ["2027-03-11T14:00", "2027-03-12T08:30"], "dauer_min": 30}',
            )
        ],
    )
    c.turn(
        "den 11. nehmen, 14 Uhr, Kranz einladen",
        "Termin eingestellt und Dr. Kranz eingeladen: 11. März 2027, 14:00 Uhr.",
        tools=[
            (
                "kalender_eintragen",
                {
                    "termin": "2027-03-11T14:00",
                    "teilnehmer": ["GF", "kranz@hallberg-industrieservice.de"],
                },
                '{"status": "eingetragen"}',
            )
        ],
    )
    c.turn(
        "schreib mir eine Aktennotiz für den Vorgang",
        "Aktennotiz EK-2027-0142: Drei Angebote. B (Techno-Serv) abgelehnt wegen 24 h "
        "Reaktionszeit. C (MRS) 139.200,00 EUR, mit 4 h 148.800,00 EUR, Gerichtsstand Augsburg "
        "akzeptiert, keine Historie. Zuschlag an Hallberg (RV-2027-0318), 149.400,00 EUR netto "
        "p.a., 24 Monate, Augsburg, Haftung 500.000,00 EUR, keine Vorauszahlung, 30 Tage netto. "
        "BANF 10048812. Unterschrift 11.03.2027.",
    )
    c.turn(
        "Investitionsausschuss will die Vorgangsnummer auf der Vorlage",
        "EK-2027-0142.",
        recall=["EK-2027-0142"],
    )
    c.turn(
        "und bis wann müssen wir entschieden haben, nochmal genau?",
        "Die Vergabeentscheidung muss bis 15. März 2027 stehen; mit der Unterschrift am 11. März "
        "sind wir im Plan.",
        recall=["bis 15. März 2027"],
    )
    c.turn(
        "Angebotsnummer von Hallberg für die Vorlage",
        "HIS-A-55817.",
        recall=["HIS-A-55817"],
    )
    c.turn(
        "Dr. Kranz' Nummer, ich ruf ihn kurz an",
        "0821 4471-230.",
        recall=["0821 4471-230"],
    )
    c.turn(
        "die Kreditorenbuchhaltung fragt, was wir zu den Zahlungsbedingungen festgelegt haben",
        "Keine Vorauszahlung und Zahlungsziel 30 Tage netto, Konzernvorgabe, so auch im Vertrag.",
        recall=["Zahlungsziel 30 Tage netto"],
    )
    c.turn(
        "für den Vergleich im Protokoll: Haftungsgrenze bei MRS?",
        "250.000,00 EUR je Schadensfall.",
        recall=["250.000,00 EUR"],
    )
    c.turn(
        "und was wollte B im Monat?",
        "12.500,00 EUR netto im Monat, 150.000,00 EUR im Jahr.",
        recall=["12.500,00 EUR"],
    )
    c.turn(
        "HRB von MRS, für die Lieferantenanlage beim nächsten Mal",
        "HRB 20418, Amtsgericht München, Geschäftsführer Florian Aigner.",
        recall=["HRB 20418", "Florian Aigner"],
    )
    c.turn(
        "und unser Budget nochmal?",
        "155.000 EUR im Jahr, freigegeben von Herrn Pohl.",
        recall=["Herr Pohl"],
    )
    c.turn("danke, schönen Feierabend", "Danke, Ihnen auch!")
    return c.write(out)


# -- 5. a speech research lab, English + Portuguese --------------------------------------------

USERS = ["rcosta", "afreitas", "jpsilva", "mnakamura", "tsouza", "bpereira", "gaoliveira", "kwong"]

PAPER_ADJ = ["Self-supervised", "Multilingual", "Streaming", "Low-resource", "Robust"]
PAPER_LANG = ["Portuguese", "Iberian languages", "code-switching", "accented speech"]


def slurm_time(rng: random.Random) -> str:
    return f"{rng.randint(0, 47)}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"


def squeue(rng: random.Random, pinned: Sequence[str]) -> str:
    head = (
        "JOBID     PARTITION  NAME                 USER        ST  TIME         NODES  "
        "NODELIST(REASON)  TRES_PER_NODE"
    )
    rows = []
    for _ in range(70):
        st = rng.choice(["R", "R", "R", "PD"])
        rows.append(
            f"{rng.randint(4460000, 4472999):<9} "
            f"{rng.choice(['gpu-a100', 'gpu-v100', 'cpu', 'gpu-h100']):<10} "
            f"{rng.choice(['train', 'eval', 'ft', 'sweep', 'prep', 'tts'])}-{alnum(rng, 6):<15} "
            f"{rng.choice(USERS):<11} {st:<3} "
            f"{'0:00' if st == 'PD' else slurm_time(rng):<12} "
            f"{rng.randint(1, 2):<6} "
            f"{'(Priority)' if st == 'PD' else f'gpu-a100-{rng.randint(1, 16):02d}':<17} "
            f"gpu:{rng.choice([1, 2, 4, 8])}"
        )
    rows[12:12] = list(pinned)
    return "\n".join([head, *rows])


def train_log(
    rng: random.Random, last: int, evals: dict[int, str], tail: Sequence[str], first: int = 200
) -> str:
    lines = []
    for step in range(first, last + 1, 200):
        lr = 3e-4 * min(1.0, step / 2000) * (0.99997 ** max(0, step - 2000))
        lines.append(
            f"[train] step {step:>6} | loss {2.9 * 0.9998**step + rng.uniform(0.05, 0.2):.4f} | "
            f"lr {lr:.3e} | grad_norm {rng.uniform(0.3, 2.4):.2f} | {rng.uniform(4.1, 4.6):.2f} "
            "it/s"
        )
        if step in evals:
            lines.append(evals[step])
    return "\n".join([*lines, *tail])


def research(out: Path) -> int:
    rng = random.Random(505)
    c = Conversation(
        "research_en_pt",
        "en+pt",
        "research lab assistant: ASR fine-tuning runs, datasets, paper deadline",
        cues=(
            "actually",
            "na verdade",
            "correction",
            "correção",
            "instead",
            "wait",
            "sorry",
            "desculpa",
            "errei",
            "mudamos",
            "mudou",
            "changed",
            "switched",
            "not ",
            "não é",
        ),
    )
    speakers = [
        {
            "id": f"spk{k:04d}",
            "uf": rng.choice(["SP", "RJ", "MG", "BA", "PE", "RS", "PA"]),
            "minutes": round(rng.uniform(4, 95), 1),
            "split": rng.choice(["train"] * 8 + ["dev", "test"]),
        }
        for k in range(90)
    ]
    info = json.dumps(
        {
            "name": "FalaBR-Conv",
            "version": "2.3.1",
            "released": "2026-10-02",
            "doi": "10.5281/zenodo.11820473",
            "license": "CC BY-NC 4.0",
            "changelog": {
                "2.3.1": "fix speaker ids in 412 test utterances",
                "2.3.0": "add 61 h from PE and PA",
            },
            "splits": {
                "train": {"hours": 512.4, "utts": 301877},
                "dev": {"hours": 14.2, "utts": 8120},
                "test": {"hours": 15.0, "utts": 8604},
            },
            "speakers": speakers,
        },
        ensure_ascii=False,
        indent=1,
    )
    c.turn(
        "hey, picking the ASR finetune back up. dataset is FalaBR-Conv v2.3.1, NOT 2.3.0, that "
        "one had broken speaker ids in test",
        "Got it. FalaBR-Conv v2.3.1 (released 2026-10-02): 512.4 h train, 14.2 h dev, 15.0 h test, "
        "CC BY-NC 4.0. The changelog confirms 2.3.1 fixes the speaker ids of 412 test utterances. "
        "The Zenodo DOI is 10.5281/zenodo.11820473.",
        tools=[("dataset_info", {"name": "FalaBR-Conv", "version": "2.3.1"}, info)],
        lead="Checking the dataset card.",
        facts=[
            H("FalaBR-Conv v2.3.1", "v2.3.1", "FalaBR-Conv 2.3.1"),
            HT("10.5281/zenodo.11820473"),
        ],
    )
    c.turn(
        "config pra rodada nova: lr=3e-4, warmup 1000 steps, batch size 64, seeds 17, 29 e 4051",
        "Anotado: lr=3e-4, warmup de 1000 steps, batch size 64, seeds 17, 29 e 4051.",
        facts=[H("lr=3e-4", "3e-4"), H("17, 29 e 4051", "17, 29 and 4051", "17, 29, 4051")],
    )
    c.turn(
        "a Profa. Beatriz Nogueira quer os números até 28 de fevereiro pro draft do Interspeech",
        "Ok, prazo interno 28 de fevereiro para os números do draft. Dá umas três semanas; com "
        "três seeds e uns 30 h por run, acho que cabe se nada cair.",
        facts=[H("Beatriz Nogueira"), H("28 de fevereiro")],
    )
    q = squeue(
        rng,
        [
            "4471823   gpu-a100   ft-falabr-s17        lmartins    R   14:22:10     1      "
            "gpu-a100-07       gpu:4"
        ],
    )
    c.turn(
        "squeue pra ver se o job de ontem ainda tá rodando",
        "Tá rodando sim: job 4471823 (ft-falabr-s17), 14h22 de execução, 4 GPUs no gpu-a100-07.",
        tools=[("shell", {"cmd": "squeue -p gpu-a100,gpu-v100,gpu-h100,cpu"}, q)],
        facts=[HT("4471823")],
    )
    log = train_log(
        rng,
        18000,
        {
            s: f"[eval] step {s} | dev WER {24.0 - s / 2000 * 0.7 + rng.uniform(-0.2, 0.2):.2f}%"
            for s in range(2000, 17000, 2000)
        },
        [
            "[eval] step 18000 | dev WER 17.9% | dev CER 7.41%",
            "[ckpt] saved /scratch/lmartins/ckpt/ft-falabr-s17/step-18000 (1.21 GB)",
        ],
    )
    c.turn(
        "tail do log",
        "At step 18000 the dev WER is 17.9% (CER 7.41%), still improving by roughly 0.6 points "
        "per 2k steps. Latest checkpoint: /scratch/lmartins/ckpt/ft-falabr-s17/step-18000. Loss "
        "is smooth, no spikes since warmup.",
        tools=[("shell", {"cmd": "tail -n 120 logs/ft-falabr-s17.log"}, log)],
        facts=[HT("17.9%"), HT("/scratch/lmartins/ckpt/ft-falabr-s17/step-18000")],
    )
    c.turn(
        "rule for this whole project: never touch the test split for early stopping or "
        "checkpoint selection. dev only",
        "Understood: checkpoint selection and early stopping on dev only; test is evaluated once "
        "on the chosen checkpoint.",
        facts=[K("never touch the test split")],
    )
    c.turn(
        "e checkpoint não sobe pro HF público, só pra org privada lab-fala",
        "Beleza: nada no Hugging Face público, checkpoints só pra org privada lab-fala.",
        facts=[K("só pra org privada", "only to the private org"), H("lab-fala")],
    )
    refs = json.dumps(
        [
            {
                "doi": "10.21437/Interspeech.2025-1187",
                "title": "Conformer-PT: Large-Scale Conformer Transducers for Brazilian "
                "Portuguese Conversational Speech",
                "authors": "Ribeiro, A.; Matos, L.; Queiroz, F.",
                "venue": "Interspeech 2025",
                "note": "reports 15.2% WER on FalaBR-Conv test (v2.2)",
            }
        ]
        + [
            {
                "doi": f"10.{rng.choice(['21437/Interspeech', '1109/ICASSP', '18653/v1'])}"
                f".{rng.randint(2019, 2025)}-{rng.randint(100, 3999)}",
                "title": f"{rng.choice(PAPER_ADJ)} "
                f"{rng.choice(['ASR', 'speech recognition', 'Conformer', 'wav2vec 2.0'])} for "
                f"{rng.choice(PAPER_LANG)}",
                "authors": f"{rng.choice(['Silva', 'Souza', 'Lima', 'Santos', 'Gomes', 'Alves'])}"
                f", {rng.choice('ABCDEFGJLMR')}. et al.",
                "venue": rng.choice(["Interspeech", "ICASSP", "ACL", "LREC", "SLT"]),
            }
            for _ in range(24)
        ],
        ensure_ascii=False,
        indent=1,
    )
    c.turn(
        "doi of the paper we compare against, the conformer-pt one from interspeech 25, ribeiro "
        "et al",
        "Ribeiro, Matos and Queiroz, 'Conformer-PT', Interspeech 2025: "
        "10.21437/Interspeech.2025-1187. They report 15.2% test WER, but on v2.2 of the dataset, "
        "so the numbers aren't strictly comparable.",
        tools=[("crossref_search", {"q": "Conformer-PT Ribeiro Interspeech 2025"}, refs)],
        facts=[HT("10.21437/Interspeech.2025-1187")],
    )
    c.turn(
        "and max 4 GPUs per job, the cluster admins already yelled at us once",
        "Noted, max 4 GPUs per job for every submission.",
        facts=[K("max 4 GPUs per job")],
    )
    share = table(
        ["account", "user", "alloc_gpu_h", "used_gpu_h", "remaining"],
        [("lab-fala", "(total)", "20,000", "18,714", "1,286 GPU-h")]
        + [
            ("lab-fala", u, "-", f"{rng.randint(200, 6000):,}", "-")
            for u in ["lmartins", "rcosta", "afreitas", "tsouza"]
        ]
        + [
            (
                rng.choice(["lab-vision", "lab-nlp", "lab-robotics", "lab-bio"]),
                rng.choice(USERS),
                f"{rng.randint(5, 40) * 1000:,}",
                f"{rng.randint(1000, 39000):,}",
                "-",
            )
            for _ in range(50)
        ],
        " | ",
    )
    c.turn(
        "quanto sobrou de GPU-hora?",
        "Sobraram 1,286 GPU-h na conta lab-fala (de 20,000). Cada run de 4 GPUs por ~30 h "
        "come uns 120 GPU-h, então dá para as seeds que faltam com folga, mas não para muita "
        "coisa além disso.",
        tools=[
            (
                "shell",
                {"cmd": "sshare -A lab-fala -l --format=account,user,alloc,used,remaining"},
                share,
            )
        ],
        facts=[HT("1,286", "1286")],
    )
    c.turn(
        "na verdade o warmup é 2000 steps, esqueci que a gente mudou depois daquele spike de loss",
        "Corrigido: warmup de 2000 steps. Bate com o log, o lr só chega em 3e-4 no step 2000.",
        fix=("warmup 1000 steps", "2000 steps"),
    )
    cfg = "\n".join(
        [
            "# configs/ft_falabr.yaml",
            "model: conformer-m",
            "tokenizer: spm_falabr_v3_5k.model",
            "optim:",
            "  name: adamw",
            "  lr: 3.0e-4",
            "  weight_decay: 1.0e-3",
            "  warmup_steps: 2000",
            "data:",
            "  dataset: FalaBR-Conv",
            "  version: 2.3.1",
            "  batch_size: 128",
            "  num_workers: 8",
            "specaug:",
            "  time_masks: 10",
            "  freq_masks: 2",
        ]
        + [f"  aug_{k:02d}: {rng.choice(['true', 'false'])}  # legacy flag" for k in range(80)]
    )
    c.turn(
        "check the config file matches that",
        "configs/ft_falabr.yaml already has warmup_steps: 2000 and lr 3.0e-4, dataset version "
        "2.3.1, so nothing to edit. It also says batch_size: 128, not 64; you may want to check "
        "which one the s17 run really used.",
        tools=[("read_file", {"path": "configs/ft_falabr.yaml"}, cfg)],
    )
    c.turn(
        "the AC in the lab died again, it's like 31 degrees in here",
        "Ugh. At least the GPUs are in the data centre and not next to you.",
    )
    c.turn(
        "submit the s29 run, same config",
        "Submitted s29 as job 4472190, 4 GPUs on gpu-a100, 48 h wall time.",
        tools=[
            (
                "shell",
                {"cmd": "sbatch --gres=gpu:4 -p gpu-a100 --export=SEED=29 scripts/ft.sbatch"},
                "Submitted batch job 4472190",
            )
        ],
        facts=[HT("4472190")],
    )
    c.turn(
        "e o 4051 também",
        "Submetido: s4051 é o job 4472191, mesma config.",
        tools=[
            (
                "shell",
                {"cmd": "sbatch --gres=gpu:4 -p gpu-a100 --export=SEED=4051 scripts/ft.sbatch"},
                "Submitted batch job 4472191",
            )
        ],
    )
    runs = json.dumps(
        [
            {
                "id": "3kq8x2ma",
                "name": "dec-baseline-conformer-m",
                "state": "finished",
                "dev_wer": 19.4,
                "step": 30000,
                "created": "2026-12-11",
            },
            {
                "id": "p0s17ft1",
                "name": "ft-falabr-s17",
                "state": "running",
                "dev_wer": 17.9,
                "step": 18000,
                "created": "2027-02-05",
            },
        ]
        + [
            {
                "id": alnum(rng, 8),
                "name": f"{rng.choice(['sweep', 'abl', 'dbg', 'ft'])}"
                f"-{rng.choice(['lr', 'spec', 'bs', 'tok'])}-{rng.randint(1, 99)}",
                "state": rng.choice(["finished", "crashed", "killed"]),
                "dev_wer": round(rng.uniform(18.5, 31.0), 2),
                "step": rng.randint(2, 30) * 1000,
                "created": f"2026-{rng.randint(9, 12):02d}-{rng.randint(1, 28):02d}",
            }
            for _ in range(55)
        ],
        indent=0,
    )
    c.turn(
        "wandb: compare s17 now vs the baseline run from december",
        "The December baseline (run 3kq8x2ma, dec-baseline-conformer-m) finished at 19.4 dev "
        "WER after 30k steps. s17 is already at 17.9 at 18k, so about 1.5 points better, and "
        "probably 2+ by the end.",
        tools=[("wandb_runs", {"project": "lab-fala/asr-ft"}, runs)],
        facts=[HT("3kq8x2ma")],
    )
    c.turn(
        "fyi we're running batch size 128 now, 32 per GPU",
        "Ok, batch size 128 (32 per GPU on 4 GPUs); that matches the config file.",
        fix=("batch size 64", "batch size 128"),
    )
    c.turn(
        "does lr=3e-4 still make sense with that? linear scaling would say 6e-4",
        "For AdamW with a 2000-step warmup, linear scaling is usually too aggressive; 3e-4 is in "
        "the range people use for Conformer-M fine-tuning at this batch size. If you want to "
        "test it, a short 5k-step run at 6e-4 would cost maybe 20 GPU-h.",
    )
    c.turn(
        "keep 3e-4. not spending quota on that",
        "Keeping lr=3e-4, no extra sweep.",
        facts=[D("keep 3e-4")],
    )
    mail = (
        "De: Beatriz Nogueira <bnogueira@ime.usp.br>\nAssunto: Re: finetune FalaBR\n\nOi Lucas,\n"
        "para o draft: reporte média ± desvio dos 3 seeds; o modelo large só entra se couber na "
        "cota.\n"
        "Reunião de acompanhamento quinta 10h, sala 243-A.\nAbs, Beatriz\n\n"
        + "\n".join(f"> {t}" for t in ["Oi Beatriz, segue o status dos runs..."] * 3)
        + "\n"
        + "\n".join(f"> log {k}: step {k * 500} dev WER {24 - k * 0.1:.1f}" for k in range(60))
    )
    c.turn(
        "a Beatriz mandou email?",
        "Mandou: quer média ± desvio padrão dos 3 seeds no draft; o large só se couber na cota. "
        "Reunião de acompanhamento quinta 10h, sala 243-A.",
        tools=[("email_read", {"from": "bnogueira@ime.usp.br", "last": 1}, mail)],
        facts=[HT("quinta 10h")],
    )
    c.turn(
        "large não cabe na cota nem a pau. drop the large variant",
        "Agreed, with 1,286 GPU-h left the large model (maybe 400-500 GPU-h per seed) doesn't "
        "fit. Dropping it.",
        facts=[D("drop the large variant")],
    )
    c.turn(
        "and we report mean ± std over the 3 seeds, like she said",
        "Yes: mean ± std over the 3 seeds for dev and test.",
        facts=[D("mean ± std over the 3 seeds")],
    )
    smi = "\n".join(
        f"gpu-a100-{n:02d} GPU {g}: temp {rng.randint(38, 79)}C util {rng.randint(0, 100)}% "
        f"mem {rng.randint(2, 80)}/80GB ecc_uncorrectable {0 if (n, g) != (7, 2) else 14}"
        for n in range(1, 17)
        for g in range(4)
    )
    c.turn(
        "s17 got slower overnight, something wrong with gpu-a100-07?",
        "Yes: gpu-a100-07 GPU 2 reports 14 uncorrectable ECC errors; the other GPUs on that node "
        "are fine. That could explain the slowdown, and it risks a crash.",
        tools=[("shell", {"cmd": "pdsh -w gpu-a100-[01-16] nvidia-smi --query"}, smi)],
    )
    c.turn(
        "put --exclude=gpu-a100-07 in the sbatch script and tell the admins",
        "Added --exclude=gpu-a100-07 to scripts/ft.sbatch and sent a ticket to the cluster "
        "admins. s17 stays where it is since it's close to done.",
        tools=[
            (
                "shell",
                {
                    "cmd": "sed -i 's/^#SBATCH -p gpu-a100/#SBATCH -p gpu-a100\\n#SBATCH "
                    "--exclude=gpu-a100-07/' scripts/ft.sbatch"
                },
                "",
            ),
            (
                "email_send",
                {"to": "hpc-admin@ime.usp.br", "subject": "ECC errors gpu-a100-07 GPU 2"},
                '{"status": "sent"}',
            ),
        ],
    )
    ls = "\n".join(
        [
            "-rw-r--r-- 1 lmartins lab-fala  312K Jan 14 11:02 spm_falabr_v3_5k.model",
            "-rw-r--r-- 1 lmartins lab-fala   88K Jan 14 11:02 spm_falabr_v3_5k.vocab",
            "-rw-r--r-- 1 rcosta   lab-fala  301K Oct  3 09:40 spm_falabr_v2_5k.model",
        ]
        + [
            f"-rw-r--r-- 1 {rng.choice(USERS)} lab-fala {rng.randint(1, 900)}K "
            f"{rng.choice(['Sep', 'Oct', 'Nov', 'Dec'])} {rng.randint(1, 28):>2} "
            f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d} "
            f"{rng.choice(['lexicon', 'norm', 'g2p', 'lm'])}_{alnum(rng, 5)}"
            f".{rng.choice(['txt', 'arpa', 'json'])}"
            for _ in range(60)
        ]
    )
    c.turn(
        "o tokenizer que a gente tá usando é o v3 ou v2?",
        "v3: a config aponta para spm_falabr_v3_5k.model (5000 unidades, de 14 de janeiro). O v2 "
        "ainda está na pasta, mas não é usado.",
        tools=[("shell", {"cmd": "ls -l /shared/lab-fala/tokenizers/"}, ls)],
        facts=[HT("spm_falabr_v3_5k.model")],
    )
    evals = {20000: 17.31, 22000: 17.02, 26000: 16.91, 28000: 16.97, 30000: 17.04}
    done = train_log(
        rng,
        30000,
        {s: f"[eval] step {s} | dev WER {w:.2f}%" for s, w in evals.items()}
        | {24000: "[eval] step 24000 | dev WER 16.82% | dev CER 6.97%  <- best"},
        ["[done] best dev WER 16.82% @ step 24000; early stop patience exhausted at step 30000"],
        first=18200,
    )
    c.turn(
        "s17 terminou?",
        "Terminou. Melhor dev WER 16.82% no step 24000 (CER 6.97%); depois disso o dev piorou "
        "um pouco e o early stopping parou em 30000.",
        tools=[("shell", {"cmd": "tail -n 80 logs/ft-falabr-s17.log"}, done)],
        facts=[HT("16.82")],
    )
    c.turn(
        "use step 24000 for s17",
        "Ok, s17 final = step 24000, chosen on dev.",
        facts=[D("use step 24000")],
    )
    c.turn(
        "run the test eval on that checkpoint, only that one",
        "Test WER for s17 @ step 24000: 15.61% (CER 6.40%) on FalaBR-Conv v2.3.1 test.",
        tools=[
            (
                "shell",
                {
                    "cmd": "python eval.py --ckpt /scratch/lmartins/ckpt/ft-falabr-s17/step-24000 "
                    "--split test"
                },
                "loading FalaBR-Conv 2.3.1 test (8604 utts, 15.0 h)\n"
                + "\n".join(
                    f"batch {k:03d}/135 wer_running {15.2 + rng.uniform(-0.8, 0.8):.2f}"
                    for k in range(0, 135, 3)
                )
                + "\nTEST WER 15.61% | CER 6.40% | 8604 utts",
            )
        ],
        facts=[HT("15.61")],
    )
    c.turn(
        "push s17 step 24000 to huggingface",
        "Uploaded to the private lab-fala org only, as agreed: lab-fala/conformer-falabr-s17 "
        "(private).",
        tools=[
            (
                "shell",
                {
                    "cmd": "huggingface-cli upload lab-fala/conformer-falabr-s17 "
                    "/scratch/lmartins/ckpt/ft-falabr-s17/step-24000 --private"
                },
                "Uploading 3 files: 100%|██████████| "
                "1.21G/1.21G\nhttps://huggingface.co/lab-fala/conformer-falabr-s17 (private)",
            )
        ],
    )
    c.turn(
        "o café do DCC acabou de novo",
        "Clássico. Tem a máquina do prédio da biblioteca, se não estiver quebrada também.",
    )
    c.turn(
        "status do s29?",
        "4472190 está rodando há 11h, step 9400, dev WER 21.3% no step 8000, parecido com a s17 "
        "no mesmo ponto.",
        tools=[
            (
                "shell",
                {"cmd": "squeue -u lmartins && tail -n 3 logs/ft-falabr-s29.log"},
                "JOBID     PARTITION  NAME             USER      ST  TIME      NODES  "
                "NODELIST\n4472190   gpu-a100   ft-falabr-s29    lmartins  R   11:02:44  1      "
                "gpu-a100-03\n"
                "[eval] step 8000 | dev WER 21.30%\n[train] step 9400 | loss 0.9121 | lr 2.97e-04",
            )
        ],
    )
    c.turn(
        "e o 4051? não aparece no squeue",
        "Caiu: o 4472191 saiu com CUDA out of memory depois de 40 minutos, no gpu-a100-12 "
        "(A100 40GB). Com 32 por GPU ele não cabe nesse nó.",
        tools=[
            (
                "shell",
                {
                    "cmd": "sacct -j 4472191 --format=JobID,State,ExitCode,NodeList,Elapsed && "
                    "tail -n 2 logs/ft-falabr-s4051.log"
                },
                "JobID        State   ExitCode  NodeList      Elapsed\n4472191      FAILED  1:0   "
                "    gpu-a100-12   00:40:12\n"
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.31 GiB. GPU 1 "
                "has a total capacity of 39.39 GiB",
            )
        ],
    )
    c.turn(
        "resubmit 4051 with 16 per GPU and grad accum 2, effective batch stays the same",
        "Resubmitted as job 4472455: 16 per GPU × 4 GPUs × 2 accumulation steps = 128 effective.",
        tools=[
            (
                "shell",
                {
                    "cmd": "sbatch --gres=gpu:4 -p gpu-a100 "
                    "--export=SEED=4051,PER_GPU_BS=16,GRAD_ACCUM=2 scripts/ft.sbatch"
                },
                "Submitted batch job 4472455",
            )
        ],
    )
    c.turn(
        "cite the dataset DOI, not the arXiv preprint, Beatriz is religious about that",
        "Ok: in the paper the dataset is cited by its Zenodo DOI, not the arXiv preprint.",
        facts=[K("cite the dataset DOI, not the arXiv")],
    )
    c.turn(
        "limite de páginas do interspeech?",
        "4 páginas de conteúdo + 1 só para referências, pelo que diz a página de submissão de "
        "2027.",
        tools=[
            (
                "web_fetch",
                {"url": "https://interspeech2027.org/call-for-papers"},
                "Interspeech 2027 — Call for Papers\nPapers: up to 4 pages of content + 1 page "
                "for references only.\nSubmission deadline: 2027-03-05 (AoE)\n"
                + "\n".join(
                    f"Topic {k}: "
                    f"{rng.choice(['ASR', 'TTS', 'speaker', 'paralinguistics', 'dialogue'])} area "
                    f"{k}"
                    for k in range(50)
                ),
            )
        ],
    )
    c.turn(
        "commit of the training code for the paper?",
        "HEAD of ft-falabr is c91e5f2, 'fix: specaug time mask width'. All three runs were "
        "started after that commit.",
        tools=[
            (
                "shell",
                {"cmd": "git -C ~/asr-ft log --oneline -n 40"},
                "c91e5f2 (HEAD -> ft-falabr) fix: specaug time mask width\n"
                + "\n".join(
                    f"{hexid(rng)} {rng.choice(['wip', 'fix', 'feat', 'exp'])}: "
                    f"{rng.choice(['logging', 'dataloader', 'eval script', 'sbatch', 'cfg'])}"
                    for _ in range(39)
                ),
            )
        ],
        facts=[HT("c91e5f2")],
    )
    c.turn(
        "tag it v0.4-interspeech and push the tag",
        "Tagged c91e5f2 as v0.4-interspeech and pushed it.",
        tools=[
            (
                "shell",
                {
                    "cmd": "git -C ~/asr-ft tag v0.4-interspeech c91e5f2 && git -C ~/asr-ft push "
                    "origin v0.4-interspeech"
                },
                " * [new tag]         v0.4-interspeech -> v0.4-interspeech",
            )
        ],
    )
    c.turn(
        "writing the data section. which dataset version exactly?",
        "FalaBR-Conv v2.3.1 (not 2.3.0, which had the broken test speaker ids).",
        recall=["FalaBR-Conv v2.3.1"],
    )
    c.turn(
        "and the DOI for it?",
        "10.5281/zenodo.11820473 (Zenodo).",
        recall=["10.5281/zenodo.11820473"],
    )
    c.turn(
        "learning rate in the final runs?",
        "lr=3e-4, AdamW, not rescaled for the bigger batch.",
        recall=["lr=3e-4"],
    )
    c.turn("quais seeds mesmo?", "17, 29 e 4051.", recall=["17, 29 e 4051"])
    c.turn(
        "quando a Beatriz quer os números?",
        "Até 28 de fevereiro, pro draft do Interspeech.",
        recall=["28 de fevereiro"],
    )
    c.turn(
        "job id of the first s17 run, for the appendix",
        "4471823 (ft-falabr-s17, gpu-a100-07).",
        recall=["4471823"],
    )
    c.turn(
        "s29 dev eval is slow, can I just pick its checkpoint by test WER? would save a day",
        "No: we never touch the test split for checkpoint selection or early stopping. Pick on "
        "dev, then run test once, as for s17.",
        recall=["never touch the test split"],
    )
    c.turn(
        "baseline DOI for related work",
        "10.21437/Interspeech.2025-1187 (Ribeiro et al., Conformer-PT).",
        recall=["10.21437/Interspeech.2025-1187"],
    )
    c.turn(
        "and batch size + warmup as they are in the final config",
        "Batch size 128 (32 per GPU, or 16 × 2 accumulation for s4051) and warmup 2000 steps.",
    )
    c.turn("valeu, até amanhã", "Até! Boa noite.")
    return c.write(out)


BUILDERS: list[Callable[[Path], int]] = [clinic, incident, travel, contract, research]

if __name__ == "__main__":
    for build in BUILDERS:
        size = build(HERE)
        print(f"{build.__name__}: {size} bytes")
