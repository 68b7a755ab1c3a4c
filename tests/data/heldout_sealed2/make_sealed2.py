"""Write the second sealed held-out retention set: ``<name>.jsonl`` and ``<name>.facts.json``.

Run ``python tests/data/heldout_sealed2/make_sealed2.py`` from anywhere; it writes next to itself.
The script is standalone (Python standard library only, nothing from nbagent) and deterministic:
bulk tool output (guest lists, bank statements, CI logs, kubectl listings, ...) comes from a
``random.Random`` seeded per conversation, and that randomness is used at generation time only.
The committed ``.jsonl`` / ``.facts.json`` files are the reference; tests and benchmarks read them
and never run this script.

This set was written blind to nbagent's fact extractor and summariser (their source was not read)
and is for measuring fact retention only. Never tune anything on it (see README.md).

File formats are those of ``tests/data/heldout`` and ``tests/data/heldout_sealed``:

* ``<name>.jsonl``: one message per line. ``user`` / ``assistant`` messages carry a list of
  blocks (``text``, ``tool_use`` with ``id``/``name``/``input``); ``tool`` messages carry
  ``tool_call_id``, ``content`` (text blocks), ``is_error`` and ``tool_name``. A turn is a user
  message, at most one assistant message with tool calls, their results, and the final reply.
* ``<name>.facts.json``: ``language``, ``domain``, ``facts`` (``text``, ``accept``, ``kind`` in
  ``hard``/``constraint``/``decision``, ``turn`` = 0-based index of the user turn that states it,
  ``source`` in ``user``/``tool``) and ``corrections`` (``old``, ``new``, ``turn_old``,
  ``turn_new``). Superseded values (a correction's ``old``) are not facts; neither is a
  correction's ``new`` value (it is measured as a correction).

Self-checks (assertions, they change nothing in the output): every fact occurs verbatim in the
user message (``source: user``) or in a tool result (``source: tool``) of its turn; a tool fact
occurs in no message before its turn and in no user message up to it; a correction's ``old``
occurs in an earlier user message and its ``new`` in the user message of ``turn_new``, ``new``
occurs in no user message before that; after the correction the old value never appears again
unless the new value follows it in the same message; no fact overlaps a superseded value; most
corrections carry no cue word; most of the last ten turns make the reply give back facts stated
in the first fifteen; sizes (turns, fact counts, long tool outputs, ~20-40k tokens at chars/4).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class F:
    """One fact: exact text, kind, where it is stated, accepted alternative spellings."""

    text: str
    kind: str = "hard"
    source: str = "user"
    accept: tuple[str, ...] = ()


def H(text: str, *accept: str) -> F:
    """A hard fact (exact value) the user states."""
    return F(text, "hard", "user", accept)


def HT(text: str, *accept: str) -> F:
    """A hard fact that appears only in a tool result of the turn."""
    return F(text, "hard", "tool", accept)


def K(text: str, *accept: str) -> F:
    """A constraint the user sets (text: its key phrase, verbatim in the user message)."""
    return F(text, "constraint", "user", accept)


def D(text: str, *accept: str) -> F:
    """A decision the user makes (text: its key phrase, verbatim in the user message)."""
    return F(text, "decision", "user", accept)


Tool = tuple[str, dict[str, Any], str]
"""(tool name, input, result text). A result starting with ERROR is marked is_error."""


def _text_of(message: dict[str, Any]) -> str:
    parts = []
    for block in message["content"]:
        if block["type"] == "text":
            parts.append(block["text"])
        elif block["type"] == "tool_use":
            parts.append(json.dumps(block["input"], ensure_ascii=False))
    return "\n".join(parts)


@dataclass
class Conversation:
    name: str
    language: str
    domain: str
    cues: tuple[str, ...] = ()
    """Correction cue words (lower case): most corrections must carry none of them."""
    messages: list[dict[str, Any]] = field(default_factory=list)
    facts: list[dict[str, Any]] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    users: list[str] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    """Index in ``messages`` of each turn's user message."""
    results: list[str] = field(default_factory=list)
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
        fix: Sequence[tuple[str, str]] = (),
        lead: str = "",
        recall: Sequence[str] = (),
    ) -> None:
        n = self.turns
        before = "\n".join(_text_of(m) for m in self.messages).lower()
        self.starts.append(len(self.messages))
        self.users.append(user)
        self.messages.append({"role": "user", "content": [{"type": "text", "text": user}]})
        outputs = []
        if tools:
            blocks: list[dict[str, Any]] = []
            if lead:
                blocks.append({"type": "text", "text": lead})
            ids = [f"call_{self.name[:6]}_{n:02d}_{k}" for k in range(len(tools))]
            for call_id, (name, args, _) in zip(ids, tools, strict=True):
                blocks.append({"type": "tool_use", "id": call_id, "name": name, "input": args})
            self.messages.append({"role": "assistant", "content": blocks})
            for call_id, (name, _, result) in zip(ids, tools, strict=True):
                outputs.append(result)
                self.results.append(result)
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
        tool_text = "\n".join(outputs)
        for fact in facts:
            where = user if fact.source == "user" else tool_text
            assert fact.text in where, f"{self.name} turn {n}: {fact.text!r} not in its {fact.source}"
            if fact.source == "tool":
                assert fact.text.lower() not in before, (
                    f"{self.name} turn {n}: tool fact {fact.text!r} seen before its turn"
                )
                assert fact.text not in user, f"{self.name} turn {n}: tool fact {fact.text!r} in user"
            assert all(f["text"] != fact.text for f in self.facts), f"{self.name}: {fact.text!r} twice"
            self.facts.append(
                {
                    "text": fact.text,
                    "accept": list(fact.accept),
                    "kind": fact.kind,
                    "turn": n,
                    "source": fact.source,
                }
            )
        for old, new in fix:
            assert new in user, f"{self.name} turn {n}: correction {new!r} not in the user text"
            earlier = [i for i, text in enumerate(self.users[:-1]) if old in text]
            assert earlier, f"{self.name}: the corrected value {old!r} was never stated"
            assert not any(new in text for text in self.users[:-1]), (
                f"{self.name}: new value {new!r} stated before its correction"
            )
            self.corrections.append({"old": old, "new": new, "turn_old": earlier[0], "turn_new": n})
        known = {f["text"]: f for f in self.facts}
        for fix_ in self.corrections:
            known.setdefault(fix_["new"], {"accept": [], "turn": fix_["turn_new"]})
        for text in recall:
            assert text in known, f"{self.name} turn {n}: recall of unknown fact {text!r}"
            spellings = [text, *known[text]["accept"]]
            assert any(s in reply for s in spellings), (
                f"{self.name} turn {n}: reply does not give back {text!r}"
            )
            self.recalls.setdefault(n, []).append(known[text]["turn"])

    # -- checks and output ---------------------------------------------------------------------

    def _check(self) -> dict[str, Any]:
        name = self.name
        assert 46 <= self.turns <= 56, f"{name}: {self.turns} turns"
        hard = [f for f in self.facts if f["kind"] == "hard"]
        soft = [f for f in self.facts if f["kind"] != "hard"]
        assert 15 <= len(hard) <= 25, f"{name}: {len(hard)} hard facts"
        assert sum(f["source"] == "user" for f in hard) >= 5, f"{name}: few user facts"
        assert sum(f["source"] == "tool" for f in hard) >= 5, f"{name}: few tool facts"
        assert 5 <= len(soft) <= 10, f"{name}: {len(soft)} constraints/decisions"
        assert any(f["kind"] == "constraint" for f in soft), f"{name}: no constraint"
        assert any(f["kind"] == "decision" for f in soft), f"{name}: no decision"
        assert 3 <= len(self.corrections) <= 6, f"{name}: {len(self.corrections)} corrections"
        olds = [c["old"] for c in self.corrections]
        for f in self.facts:
            for o in olds:
                for t in [f["text"], *f["accept"]]:
                    assert o.lower() not in t.lower() and t.lower() not in o.lower(), (
                        f"{name}: fact {t!r} overlaps the superseded {o!r}"
                    )
        for c in self.corrections:
            assert c["old"].lower() not in c["new"].lower(), f"{name}: {c} old inside new"
            assert c["new"].lower() not in c["old"].lower(), f"{name}: {c} new inside old"
            # after the correction the old value only appears followed by the new one
            start = self.starts[c["turn_new"]]
            for k, m in enumerate(self.messages[start:], start):
                text = _text_of(m).lower()
                old_at = text.rfind(c["old"].lower())
                if old_at >= 0:
                    assert text.find(c["new"].lower(), old_at) > old_at, (
                        f"{name}: superseded {c['old']!r} in message {k} after its correction"
                    )
        plain = [
            c
            for c in self.corrections
            if not any(cue in self.users[c["turn_new"]].lower() for cue in self.cues)
        ]
        assert len(plain) * 2 > len(self.corrections), f"{name}: too many corrections with cues"
        late = [n for n in range(self.turns - 10, self.turns) if self.recalls.get(n)]
        early = [n for n in late if min(self.recalls[n]) < 15]
        assert len(early) >= 6, f"{name}: only {len(early)} late turns recall early facts"
        long_outputs = [r for r in self.results if r.count("\n") >= 49]
        assert len(long_outputs) >= 4, f"{name}: {len(long_outputs)} tool outputs of 50+ lines"
        assert max(len(r) for r in self.results) <= 24_000, f"{name}: a tool output is too big"
        chars = sum(len(_text_of(m)) for m in self.messages)
        assert 80_000 <= chars <= 160_000, f"{name}: {chars} chars (~{chars // 4} tokens)"
        return {
            "turns": self.turns,
            "tokens": chars // 4,
            "hard": len(hard),
            "hard_user": sum(f["source"] == "user" for f in hard),
            "hard_tool": sum(f["source"] == "tool" for f in hard),
            "constraints": sum(f["kind"] == "constraint" for f in soft),
            "decisions": sum(f["kind"] == "decision" for f in soft),
            "corrections": len(self.corrections),
            "corrections_without_cue": len(plain),
            "long_tool_outputs": len(long_outputs),
        }

    def write(self, folder: Path) -> dict[str, Any]:
        stats = self._check()
        lines = [json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in self.messages]
        (folder / f"{self.name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        facts = {
            "language": self.language,
            "domain": self.domain,
            "facts": self.facts,
            "corrections": self.corrections,
        }
        text = json.dumps(facts, ensure_ascii=False, indent=1) + "\n"
        (folder / f"{self.name}.facts.json").write_text(text, encoding="utf-8")
        return stats


# -- small helpers for bulk tool output ---------------------------------------------------------


def hexid(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def alnum(rng: random.Random, n: int = 5) -> str:
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(n))


def csv(header: Sequence[Any], rows: Sequence[Sequence[Any]], sep: str = ",") -> str:
    return "\n".join(sep.join(str(c) for c in row) for row in [header, *rows])


def aligned(header: Sequence[str], rows: Sequence[Sequence[Any]], gap: int = 3) -> str:
    """A kubectl/psql-like fixed-width table."""
    cells = [[str(c) for c in header], *[[str(c) for c in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join(
        (" " * gap).join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells
    )


def eur_it(cents: int) -> str:
    whole, frac = divmod(cents, 100)
    return f"{whole:,}".replace(",", ".") + f",{frac:02d} €"



# == 1. matrimonio in Toscana (Italian) ========================================================

NOMI_IT = [
    "Alessandro", "Chiara", "Francesca", "Lorenzo", "Matteo", "Sara", "Elena", "Andrea", "Paolo",
    "Martina", "Giorgio", "Valentina", "Simone", "Federica", "Stefano", "Laura", "Riccardo",
    "Alessia", "Tommaso", "Silvia", "Niccolò", "Beatrice", "Gabriele", "Ilaria", "Filippo",
    "Caterina", "Emanuele", "Roberta", "Daniele", "Marta", "Jacopo", "Irene", "Luigi", "Anna",
    "Pietro", "Serena", "Vittorio", "Camilla", "Enrico", "Greta",
]
COGNOMI_IT = [
    "Bianchi", "Conti", "Galli", "Fabbri", "Moretti", "Ricci", "Marchetti", "Barbieri", "Lombardi",
    "Giannini", "Mancini", "Bruni", "Ferrara", "Santoro", "Rinaldi", "Caruso", "Mariani", "Gatti",
    "Pellegrini", "Palumbo", "Sanna", "Fontana", "Serra", "Vitale", "Neri", "Baldini", "Cecchi",
    "Bartolini", "Innocenti", "Martelli", "De Luca", "Colombo", "Greco", "Esposito", "Leone",
]
GRUPPI_IT = [
    "famiglia", "famiglia", "amici liceo", "amici università", "colleghi", "palestra",
    "cugini", "vicini", "amici Firenze",
]


def invitati_it(rng: random.Random) -> str:
    rows = []
    pinned = {
        37: ["Federico", "Rossi", "sposo", "amici università", "sì", "adulto", "frutta a guscio", ""],
        81: ["Pina", "Bianchi", "sposa", "famiglia", "sì", "adulto", "", "nonna - sedia a rotelle"],
        102: ["Franco", "Moretti", "sposo", "famiglia", "sì", "adulto", "", "zio Franco"],
        103: ["Rosanna", "Moretti", "sposo", "famiglia", "sì", "adulto", "lattosio", "mamma di Marco"],
    }
    for i in range(139):
        if i in pinned:
            rows.append(pinned[i])
            continue
        lato = rng.choice(["sposa", "sposo"])
        gruppo = rng.choice(GRUPPI_IT)
        rsvp = rng.choices(["sì", "in attesa", "no"], [6, 3, 1])[0]
        menu = rng.choices(["adulto", "bambino", "vegetariano"], [14, 2, 1])[0]
        allergia = rng.choices(["", "", "", "", "", "lattosio", "glutine", "crostacei"], k=1)[0]
        nota = rng.choices(["", "", "", "", "+1 da confermare", "arriva in treno", "hotel"], k=1)[0]
        rows.append(
            [rng.choice(NOMI_IT), rng.choice(COGNOMI_IT), lato, gruppo, rsvp, menu, allergia, nota]
        )
    citta = ["Firenze", "Empoli", "Prato", "Bari", "Lecce", "Milano", "Bologna", "Siena", "Roma"]
    full = []
    for r in rows:
        tel = f"3{rng.randint(20, 49)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
        mail = f"{r[0].lower()}.{r[1].lower().replace(' ', '')}@{rng.choice(['gmail.com', 'libero.it', 'outlook.it'])}"
        full.append([*r[:5], rng.choice(citta), tel, mail, *r[5:]])
    return csv(["nome", "cognome", "lato", "gruppo", "rsvp", "città", "telefono", "email", "menu",
                "allergie", "note"], full)


CORPI_RUMORE_IT = [
    "Gentile cliente, approfitta delle offerte della settimana: spedizione gratuita sopra i 49 € e "
    "resi entro 100 giorni. Scopri le novità della collezione primavera-estate.",
    "Ti ricordiamo che il tuo viaggio è confermato. Presentati al binario almeno 10 minuti prima "
    "della partenza. Il biglietto è nominativo e va esibito con un documento.",
    "Dal tableau a forma di mappa ai segnatavolo con le foto: ecco le tendenze del 2026 scelte "
    "dalle coppie della nostra community. Salva le idee nella tua bacheca.",
    "È disponibile il documento 'estratto conto trimestrale'. Accedi all'home banking per "
    "consultarlo. Non rispondere a questa mail, è generata automaticamente.",
    "ragazze allora abbiamo deciso: weekend a Bologna il 13-14 giugno, giulia NON DEVE SAPERE "
    "NIENTE... ah no aspetta, questa è la chat sbagliata. fate finta di niente",
    "Il pacco con 2 articoli è in consegna. Puoi seguirlo dalla sezione I miei ordini. Se non sei "
    "in casa, il corriere lascerà un avviso.",
    "Si ricorda che le pubblicazioni di matrimonio restano affisse per 8 giorni consecutivi. Il "
    "matrimonio può essere celebrato dal quarto giorno successivo e entro 180 giorni.",
    "Il tuo abbonamento scade a fine mese. Rinnova entro il 31 per mantenere la tariffa bloccata "
    "e ricevere un mese in omaggio.",
    "guarda che bello Leo con la tutina che gli avete regalato!! la nonna ha pianto tutto il "
    "tempo. quando venite a cena? papà vuole parlare del vino per il matrimonio",
]


def email_rumore_it(rng: random.Random, k: int) -> list[str]:
    mittenti = [
        ("Zalando", "Ultimi giorni di saldi: fino al -50%", 0),
        ("Trenitalia", "Il tuo biglietto Firenze SMN - Empoli", 1),
        ("Matrimonio.com", "12 idee per il tableau de mariage", 2),
        ("Banca", "Estratto conto disponibile", 3),
        ("Chiara Galli", "re: addio al nubilato!!!", 4),
        ("Amazon.it", "Il tuo ordine è stato spedito", 5),
        ("Comune di Firenze", "Pubblicazioni di matrimonio - promemoria", 6),
        ("Palestra FitLab", "Rinnovo abbonamento", 7),
        ("Mamma", "fwd: foto del battesimo di Leo", 8),
    ]
    out = []
    for _ in range(k):
        who, subj, body = rng.choice(mittenti)
        g, m = rng.randint(1, 28), rng.choice(["gen", "feb", "mar"])
        out.append(f"[{g:02d} {m}] {who} — {subj}\n    {CORPI_RUMORE_IT[body]}")
    return out


def catering_email_it(rng: random.Random) -> str:
    noise = email_rumore_it(rng, 26)
    body = """[14 feb] Sapori di Toscana Catering <eventi@saporiditoscana.it> — Preventivo matrimonio Bianchi / Moretti 12.09.2026
Gentile Giulia,
come da accordi telefonici le inviamo il nostro preventivo n. 2026/118 per il ricevimento presso
Tenuta Il Poggiolo (Montespertoli). I prezzi si intendono IVA 10% esclusa, servizio incluso.

  APERITIVO DI BENVENUTO (in giardino, 75 minuti)
   - bollicine Franciacorta, spritz, analcolici alla frutta
   - buffet: crostini toscani, fettunta, pecorino di Pienza con miele, salumi di cinta senese,
     fritto misto di verdure in pastella, panzanella in bicchierino, coccoli con stracchino
   - isola del pesce crudo (supplemento 9,00 € a persona)

  MENÙ TRADIZIONE — 78,00 € a persona
   - antipasto servito: sformatino di zucchine su fonduta di parmigiano
   - primi: risotto ai fiori di zucca e zafferano; pici all'aglione
   - secondo: filetto di maiale in crosta di pistacchi, patate al rosmarino, verdure grigliate
   - sorbetto al limone
   - vini: Chianti Colli Fiorentini DOCG, Vermentino di Toscana IGT

  MENÙ DEGUSTAZIONE — 96,00 € a persona
   - antipasto: tartare di fassona, uovo croccante, tartufo estivo
   - primi: tortelli di patate al ragù bianco di chianina; risotto carnaroli mantecato al pecorino e pere
   - secondo: guancia di vitello brasata al Chianti, purè al burro di Normandia
   - pre-dessert, sorbetto, vini in abbinamento (3 calici)

  MENÙ BAMBINI (fino a 10 anni) — 35,00 € a persona
   - pasta al pomodoro o al ragù, cotoletta con patatine, gelato
  MENÙ STAFF (fotografo, DJ, ecc.) — 30,00 € a persona

  CONDIZIONI
   - numero minimo garantito: 100 adulti
   - numero definitivo degli invitati da comunicare entro 40 giorni dalla data
   - acconto 30% alla firma, saldo entro 7 giorni dall'evento
   - torta nuziale esclusa (diritto di taglio 4,00 € a persona se fornita da terzi)
   - open bar dopo cena: 14,00 € a persona (3 ore, cocktail classici)
   - allestimento tavoli, tovagliato bianco o avorio, mise en place inclusi; sedie della tenuta

Restiamo a disposizione per la prova menù (gratuita per 4 persone).
Cordiali saluti, Serena Mancini — ufficio eventi
"""
    old = """[02 feb] Sapori di Toscana Catering — re: richiesta disponibilità settembre 2026
Buongiorno, confermiamo la disponibilità per sabato 12/09. A breve il preventivo dettagliato."""
    return "\n\n".join(noise[:5] + [body] + noise[5:7] + [old] + noise[7:])


def fotografo_email_it(rng: random.Random) -> str:
    noise = email_rumore_it(rng, 12)
    body = """[20 feb] Davide Lentini Fotografia <info@davidelentini.it> — Contratto + acconto
Ciao Giulia, ciao Marco!
vi allego il contratto firmato da parte mia per il servizio completo del 12 settembre:
  - preparativi sposa e sposo, cerimonia, ricevimento fino al taglio torta
  - secondo fotografo (Irene) dalle 15 alle 21
  - album 30x30 da 40 pagine + 2 album genitori 20x20
  - galleria online, circa 600-800 foto selezionate, consegna entro 90 giorni
Totale pacchetto: 3.200,00 € (prestazione occasionale + rivalsa, niente IVA)
Acconto del 30% per bloccare la data: 960 €
Potete fare il bonifico a:
  intestatario: Davide Lentini
  IBAN: IT60 X054 2811 1010 0000 0123 456
  causale: acconto matrimonio 12/09 Bianchi-Moretti
Il saldo lo facciamo alla consegna dell'album. Per il servizio engagement in primavera ci
sentiamo più avanti, San Gimignano al tramonto è sempre una bella idea :)
A presto, Davide"""
    return "\n\n".join(noise[:3] + [body] + noise[3:])


def hotel_email_it(rng: random.Random) -> str:
    noise = email_rumore_it(rng, 12)
    body = """[03 mar] Hotel Villa Sassi **** <booking@villasassi.it> — Conferma blocco camere / room block
Gentile Sig.ra Bianchi,
siamo lieti di confermare il blocco camere per gli ospiti del Vostro matrimonio:
  Periodo:           11/09/2026 - 13/09/2026 (2 notti)
  Camere bloccate:   25 (15 doppie classic, 8 doppie superior, 2 suite junior)
  Tariffa classic:   125,00 € a notte colazione inclusa
  Tariffa superior:  155,00 € a notte colazione inclusa
  Tassa di soggiorno: 2,00 € a persona a notte, da pagare in loco
  Codice prenotazione ospiti: SPOSI2026GM
  (gli ospiti prenotano via telefono +39 0571 000 431 o email citando il codice)
  Rilascio camere non prenotate: entro 10 agosto 2026, dopo tale data le camere
  tornano in vendita libera senza penali per Voi.
  Navetta hotel ↔ Tenuta Il Poggiolo: non inclusa.
Cordiali saluti, Ufficio prenotazioni"""
    return "\n\n".join(noise[:2] + [body] + noise[2:])


def navetta_email_it(rng: random.Random) -> str:
    noise = email_rumore_it(rng, 10)
    body = """[06 mar] Autolinee Chianti Valdelsa <noleggio@autolineechianti.it> — Conferma noleggio con conducente
Buongiorno,
confermiamo il servizio richiesto per il giorno 12/09/2026:
  Prenotazione n. NCC-44719
  Mezzi: 2 pullman GT da 54 posti
  Tratta 1: Hotel Villa Sassi -> Pieve di San Pietro in Mercato (arrivo 30 min prima della cerimonia)
  Tratta 2: Pieve -> Tenuta Il Poggiolo (partenza al termine della cerimonia)
  Tratta 3: Tenuta Il Poggiolo -> Hotel Villa Sassi (due corse: 00:30 e 01:30)
  Importo: 1.140,00 € + IVA 10%, acconto 300 € da versare entro 30 giorni
  Orari definitivi da comunicare almeno 15 giorni prima.
Distinti saluti, Ufficio noleggi"""
    return "\n\n".join(noise[:2] + [body] + noise[2:])


def budget_it(rng: random.Random) -> str:
    voci = [
        ("Location", "Tenuta Il Poggiolo", 950000, 450000),
        ("Catering", "Sapori di Toscana (menù Tradizione, stima 140 adulti)", 1201200, 0),
        ("Open bar", "Sapori di Toscana", 196000, 0),
        ("Torta", "Pasticceria Sieni", 65000, 0),
        ("Fotografo", "Davide Lentini", 320000, 0),
        ("Video", "da decidere", 180000, 0),
        ("Fiori e allestimenti", "da decidere", 250000, 0),
        ("Musica", "DJ Luca Ferretti", 120000, 0),
        ("Navetta", "Autolinee Chianti Valdelsa", 125400, 0),
        ("Abito sposa", "atelier", 320000, 100000),
        ("Abito sposo", "sartoria", 140000, 0),
        ("Fedi", "", 118000, 0),
        ("Partecipazioni", "tipografia", 42000, 42000),
        ("Bomboniere + confetti", "online", 56000, 0),
        ("Chiesa (offerta)", "parrocchia", 30000, 0),
        ("Trucco e parrucco", "", 45000, 0),
        ("Viaggio di nozze", "", 600000, 0),
        ("Imprevisti", "", 150000, 0),
    ]
    rows = []
    for voce, fornitore, prev, pagato in voci:
        rows.append([voce, fornitore, eur_it(prev), eur_it(pagato), eur_it(prev - pagato)])
    tot = sum(v[2] for v in voci)
    paid = sum(v[3] for v in voci)
    rows.append(["TOTALE", "", eur_it(tot), eur_it(paid), eur_it(tot - paid)])
    log = []
    for i in range(150):
        g = rng.randint(1, 28)
        m = rng.choice(["01", "02", "03"])
        cosa = rng.choice(
            ["prova trucco", "campioni partecipazioni", "spedizione", "caffè con Chiara",
             "nastri raso", "bigliettini tavoli", "stampa menù prova", "benzina sopralluogo"]
        )
        log.append([f"2026-{m}-{g:02d}", "spese piccole", cosa, eur_it(rng.randint(8, 95) * 100)])
    return (
        csv(["voce", "fornitore", "preventivo", "pagato", "da pagare"], rows, " | ")
        + "\n\n--- foglio 'spese piccole' ---\n"
        + csv(["data", "categoria", "descrizione", "importo"], log, " | ")
    )


CANZONI = [
    "Elisa - Luce (tramonti a nord est)", "Ed Sheeran - Perfect", "Lucio Battisti - Il mio canto libero",
    "Coldplay - Yellow", "Raffaella Carrà - A far l'amore comincia tu", "Måneskin - Zitti e buoni",
    "ABBA - Dancing Queen", "Queen - Don't Stop Me Now", "Mina - Parole parole",
    "Cesare Cremonini - Marmellata #25", "Bruno Mars - Uptown Funk", "Vasco Rossi - Albachiara",
    "Ligabue - Certe notti", "Gianna Nannini - Bello e impossibile", "Daft Punk - Get Lucky",
    "Jovanotti - A te", "Pharrell Williams - Happy", "Earth, Wind & Fire - September",
    "Lady Gaga - Bad Romance", "Umberto Tozzi - Ti amo", "Dua Lipa - Levitating",
    "Mahmood - Soldi", "Pino Daniele - Quando", "The Beatles - Twist and Shout",
    "Avicii - Wake Me Up", "Whitney Houston - I Wanna Dance with Somebody", "Tiziano Ferro - Sere nere",
    "Calcutta - Paracetamolo", "Annalisa - Mon amour", "Gloria Gaynor - I Will Survive",
]


def scaletta_it(rng: random.Random) -> str:
    fasi = [
        ("18:00", "aperitivo", 16), ("19:30", "ingresso sposi", 2), ("19:40", "cena", 18),
        ("22:00", "taglio torta", 2), ("22:15", "primo ballo", 1), ("22:20", "festa", 60),
        ("23:50", "ultimo lento", 2),
    ]
    lines = [
        "[22 mar] Luca Ferretti DJ <lucaferretti.dj@gmail.com> — scaletta bozza 12/09",
        "ciao giulia, ecco una prima bozza, ditemi cosa togliere/aggiungere. niente trenini promesso",
        "",
    ]
    for ora, fase, n in fasi:
        lines.append(f"== {ora} {fase.upper()} ==")
        for k in range(n):
            song = rng.choice(CANZONI)
            bpm = rng.randint(70, 128)
            lines.append(f"  {k + 1:02d}. {song}  ({bpm} bpm)")
    lines += [
        "",
        "tecnica: impianto 2x1000W + sub, luci ambiente calde, mixer con radiomicrofono per i discorsi.",
        "mi serve una presa 16A vicino alla pista e un tavolo 2x1 m. pausa cena: menù staff grazie :)",
    ]
    return "\n".join(lines)


def meteo_it(rng: random.Random) -> str:
    results = [
        ("ilmeteo.it", "Clima Montespertoli settembre: temperature medie 14-26 °C"),
        ("3bmeteo.com", "Montespertoli: archivio meteo settembre 2016-2025"),
        ("matrimonio.com/forum", "Tensostruttura sì o no a settembre in Toscana?"),
        ("tenutailpoggiolo.it", "FAQ eventi: piano B pioggia, tensostruttura 20x30 m"),
        ("noleggiotende-fi.it", "Tensostrutture per eventi: listino 2026"),
    ]
    snippets = [
        "Settembre è uno dei mesi migliori per sposarsi nel Chianti: giornate ancora lunghe, "
        "temperature gradevoli, vendemmia in corso. Le piogge aumentano nell'ultima decade.",
        "Dati giornalieri della stazione più vicina: temperatura, precipitazioni, vento. "
        "Selezionare l'anno per visualizzare il dettaglio.",
        "Noi ci siamo sposati il 14 settembre a Vinci, tensostruttura prenotata 'per sicurezza' e "
        "alle 20 è venuto giù il mondo. Meno male. Costo circa 6.000 € con il pavimento. — "
        "Risposta: noi invece l'abbiamo disdetta a 10 giorni e abbiamo pagato il 50%, leggete "
        "bene il contratto! — Risposta: dipende dal noleggiatore, chiedete l'opzione gratuita.",
        "Piano B pioggia: la limonaia storica e la tensostruttura 20x30 m in giardino. Contattare "
        "l'ufficio eventi per disponibilità e condizioni di prenotazione.",
        "Tensostrutture in PVC bianco, pagode e tendostrutture a campata libera. Listino 2026 IVA "
        "esclusa, montaggio e smontaggio inclusi nel raggio di 50 km da Firenze.",
    ]
    lines = []
    for (site, title), snip in zip(results, snippets, strict=True):
        lines.append(f"## {title}\n   {site}\n   {snip}")
    lines.append("\n### estratto: archivio 3bmeteo, seconda decade di settembre (11-20)")
    lines.append("anno | giorni pioggia | mm | t min | t max")
    for y in range(2016, 2026):
        lines.append(
            f"{y} | {rng.randint(0, 4)} | {rng.randint(0, 60)} | {rng.randint(11, 16)} | "
            f"{rng.randint(23, 30)}"
        )
    lines.append(
        "\n### estratto: FAQ Tenuta Il Poggiolo\n"
        "D: Cosa succede se piove? R: La limonaia ospita fino a 90 persone sedute. Per numeri "
        "superiori consigliamo una tensostruttura in giardino (20x30 m, montaggio il giovedì prima "
        "dell'evento). Va prenotata entro 60 giorni; opzione gratuita fino a 15 giorni prima.\n"
        "D: Fino a che ora si può fare musica? R: Fino alle 24:00 (regolamento comunale, zona "
        "agricola). Dopo mezzanotte solo musica di sottofondo all'interno.\n"
        "D: Fuochi d'artificio? R: Sconsigliati per la presenza di cavalli nelle scuderie; servono "
        "autorizzazione comunale e assicurazione dedicata."
    )
    lines.append("\n### estratto: noleggiotende-fi.it listino")
    for mq in (200, 300, 400, 600):
        lines.append(f"tensostruttura {mq} mq: {eur_it(mq * rng.randint(900, 1300))} montaggio incluso")
    lines.append("pavimentazione in legno: +9,00 €/mq · illuminazione: +450,00 € · riscaldatori: 80,00 € cad.")
    return "\n".join(lines)


def fornitori_it() -> str:
    rows = [
        ["Tenuta Il Poggiolo", "location", "Claudia Innocenti", "0571 000 118", "eventi@ilpoggiolo.it"],
        ["Sapori di Toscana", "catering", "Serena Mancini", "055 000 7761", "eventi@saporiditoscana.it"],
        ["Davide Lentini", "fotografo", "Davide Lentini", "333 000 4512", "info@davidelentini.it"],
        ["Luca Ferretti", "DJ", "Luca Ferretti", "349 000 2208", "lucaferretti.dj@gmail.com"],
        ["La Serra di Anna", "fiori", "Anna Cecchi", "0571 000 983", "ordini@laserradianna.it"],
        ["Autolinee Chianti Valdelsa", "navetta", "ufficio noleggi", "0577 000 300", "noleggio@autolineechianti.it"],
        ["Hotel Villa Sassi", "hotel ospiti", "booking", "0571 000 431", "booking@villasassi.it"],
        ["Pasticceria Sieni", "torta", "Paolo Sieni", "055 000 6420", "pasticceria.sieni@gmail.com"],
        ["Atelier Lucrezia", "abito sposa", "Lucrezia", "055 000 1180", "atelierlucrezia@libero.it"],
        ["Parrocchia S. Pietro in Mercato", "chiesa", "don Walter", "0571 000 219", ""],
    ]
    return csv(["fornitore", "servizio", "referente", "telefono", "email"], rows, " | ")


def calendario_it(rng: random.Random) -> str:
    eventi = [
        ("2026-07-03 10:00", "Prova abito — Atelier Lucrezia (porta mamma e Chiara)"),
        ("2026-07-09 18:30", "Corso prematrimoniale — ultimo incontro"),
        ("2026-07-17 09:00", "Prova trucco e parrucco"),
        ("2026-07-24 11:00", "Sopralluogo tenuta con La Serra di Anna"),
        ("2026-07-31 17:00", "Prova abito — seconda prova, Atelier Lucrezia"),
        ("2026-08-01 23:59", "SCADENZA numero definitivo invitati al catering"),
        ("2026-08-10 23:59", "Rilascio camere Villa Sassi"),
        ("2026-08-28 16:00", "Ritiro fedi"),
    ]
    rumore = ["palestra", "dentista", "cena da Chiara", "riunione lavoro", "compleanno papà",
              "aperitivo colleghi", "yoga", "parrucchiere"]
    righe = [(d, t) for d, t in eventi]
    for _ in range(140):
        m = rng.choice([7, 8])
        g = rng.randint(1, 31)
        h = rng.choice(["08:30", "12:30", "18:00", "19:30", "20:30"])
        righe.append((f"2026-{m:02d}-{g:02d} {h}", rng.choice(rumore)))
    righe.sort()
    return "\n".join(f"{d}  {t}" for d, t in righe)


def contratto_tenuta_it() -> str:
    articoli = [
        ("Oggetto", "La Tenuta Il Poggiolo s.s. agricola (di seguito 'la Tenuta') concede ai Sigg. "
         "Giulia Bianchi e Marco Moretti (di seguito 'gli Sposi') l'uso esclusivo del giardino, della "
         "limonaia, della terrazza panoramica e dei servizi igienici del corpo principale il giorno "
         "12/09/2026 dalle 16.00 alle 01.30, per lo svolgimento del ricevimento nuziale."),
        ("Corrispettivo", "Il corrispettivo per l'uso degli spazi è fissato in 9.500,00 € IVA inclusa. "
         "All'atto della firma gli Sposi versano una caparra confirmatoria; il saldo è dovuto entro 7 "
         "giorni dalla data dell'evento mediante bonifico bancario."),
        ("Deposito cauzionale", "Gli Sposi versano un deposito cauzionale di 1.000,00 € entro 30 "
         "giorni dall'evento, restituito entro 15 giorni dall'evento previa verifica dello stato dei "
         "luoghi. Danni a piante, arredi e impianti saranno detratti dal deposito."),
        ("Fornitori", "Il catering è scelto tra i fornitori convenzionati (elenco allegato B). Altri "
         "fornitori (fiori, musica, foto) sono liberi ma devono fornire alla Tenuta, almeno 15 giorni "
         "prima, nominativi del personale e copia della polizza RC."),
        ("Orari e musica", "La musica amplificata all'aperto deve terminare entro le ore 24:00, nel "
         "rispetto del regolamento comunale per le zone agricole. Dopo tale orario è consentita solo "
         "musica di sottofondo all'interno della limonaia. Gli adempimenti SIAE sono a carico degli "
         "Sposi o del DJ incaricato."),
        ("Fuochi e fiamme libere", "Sono vietati fuochi d'artificio, lanterne volanti e fiamme "
         "libere in giardino, per la presenza di cavalli nelle scuderie e per il rischio incendio. "
         "Sono ammesse candele in contenitori chiusi e fontane fredde certificate."),
        ("Piano pioggia", "In caso di maltempo la limonaia accoglie fino a 90 ospiti seduti. Per "
         "numeri superiori gli Sposi possono opzionare una tensostruttura tramite il fornitore "
         "convenzionato, alle condizioni di quest'ultimo."),
        ("Disdetta", "In caso di disdetta da parte degli Sposi la caparra viene trattenuta. Se la "
         "disdetta avviene a meno di 90 giorni dall'evento è dovuto inoltre il 50% del corrispettivo; "
         "a meno di 30 giorni, l'intero corrispettivo. Il cambio data, una sola volta e nello stesso "
         "anno, è consentito senza penale se comunicato almeno 120 giorni prima."),
        ("Forza maggiore", "Nessuna delle parti è responsabile per inadempimenti dovuti a cause di "
         "forza maggiore (eventi atmosferici eccezionali, provvedimenti dell'autorità). In tal caso "
         "le parti concordano una nuova data entro 12 mesi; la caparra resta valida."),
        ("Accessibilità", "Il corpo principale dispone di un servizio igienico accessibile al piano "
         "terra. La limonaia è accessibile tramite rampa dal lato est."),
        ("Pernottamento", "La Tenuta non offre pernottamento. La suite degli sposi nel casale è "
         "disponibile su richiesta dalle ore 12:00 del giorno dell'evento al costo di 350,00 €."),
        ("Fotografie", "Gli Sposi autorizzano la Tenuta a usare fino a 10 fotografie dell'evento per "
         "fini promozionali, salvo diniego scritto."),
        ("Foro competente", "Per ogni controversia è competente il Foro di Firenze."),
    ]
    lines = [
        "TENUTA IL POGGIOLO — CONTRATTO DI CONCESSIONE SPAZI PER EVENTO PRIVATO",
        "Contratto n. TP-2026-031 · sottoscritto a Montespertoli il 12/01/2026",
        "Via del Poggiolo 14, 50025 Montespertoli (FI) · P.IVA 0000000000 · eventi@ilpoggiolo.it",
        "",
    ]
    for i, (titolo, testo) in enumerate(articoli, 1):
        lines.append(f"Art. {i} — {titolo}")
        words = testo.split()
        row: list[str] = []
        for w in words:
            if len(" ".join([*row, w])) > 92:
                lines.append("  " + " ".join(row))
                row = []
            row.append(w)
        lines.append("  " + " ".join(row))
        lines.append("")
    lines += [
        "Allegato A: planimetria giardino e limonaia (pag. 7)",
        "Allegato B: fornitori convenzionati — Sapori di Toscana Catering; Banchetti Valdelsa; "
        "Il Desco Eventi; Tende & Eventi Firenze (tensostrutture)",
        "",
        "Firmato: per la Tenuta, la direzione — gli Sposi, Giulia Bianchi, Marco Moretti",
    ]
    return "\n".join(lines)


def video_email_it(rng: random.Random) -> str:
    noise = email_rumore_it(rng, 10)
    offerte = [
        """[11 mar] Frame Toscana Wedding Film <hello@frametoscana.it> — preventivo video 12/09
Ciao Giulia, ecco le nostre proposte:
  SHORT: trailer 3-4 min + video social 60 sec — 1.650 €
  CLASSIC: trailer + film 20-25 min, 1 operatore, drone — 2.400 €
  FULL: 2 operatori, film 40 min, cerimonia integrale, drone, audio promesse — 3.300 €
Consegna entro 4 mesi, chiavetta in legno inclusa. Il drone non si può usare sopra la chiesa.""",
        """[13 mar] Marco Pieri Video <marcopieri.video@gmail.com> — re: info matrimonio settembre
Buongiorno, per il 12 settembre sono libero. Lavoro da solo, stile documentaristico:
film 15 min + trailer 2 min, preparativi-ricevimento fino al primo ballo: 1.800 €.
Aggiungo la cerimonia integrale per 250 €. Nessun drone.""",
        """[15 mar] Lumen Studio <booking@lumenstudio.it> — Wedding film 2026
Gentili sposi, il nostro pacchetto base parte da 2.900 € (due operatori, film 30 min, trailer,
riprese con drone, consegna in 6 mesi). Per settembre 2026 rimangono 2 date libere.""",
    ]
    return "\n\n".join(noise[:3] + [offerte[0]] + noise[3:6] + [offerte[1]] + noise[6:8]
                       + [offerte[2]] + noise[8:])



def animatori_it(rng: random.Random) -> str:
    nomi = ["Bolle di Sapone Eventi", "MagicaMente Animazione", "Il Cappellaio Matto", "Kids Party "
            "Firenze", "Animazione Arcobaleno", "Giocolieri del Chianti", "Fantasia Bimbi",
            "Truccabimbi & Co.", "La Banda dei Piccoli", "Clown Pepè"]
    zone = ["Firenze", "Empoli", "Prato", "Siena", "Poggibonsi", "Certaldo", "Pontedera"]
    servizi = ["baby dance", "truccabimbi", "bolle giganti", "palloncini modellabili",
               "laboratorio creativo", "caccia al tesoro", "angolo cartoni con proiettore",
               "spettacolo di magia", "giocoleria", "nanna corner con materassini"]
    out = ["Risultati per: animatrice bambini matrimonio Montespertoli prezzi", ""]
    for n in nomi:
        stelle = rng.randint(38, 50) / 10
        rec = rng.randint(6, 240)
        prezzo = rng.randint(22, 40)
        offre = ", ".join(rng.sample(servizi, 4))
        out.append(f"## {n} — {rng.choice(zone)} · ★ {stelle} ({rec} recensioni)")
        out.append(f"   da {prezzo} €/ora per animatore · minimo {rng.choice([3, 4])} ore · {offre}")
        out.append(f"   \"{rng.choice(['bravissimi', 'i bimbi non si sono accorti del tempo', 'puntuali e gentili', 'un po cari ma valgono', 'consigliati per matrimoni'])}\"")
        out.append("")
    out.append("Domande frequenti: quanti animatori servono? Di solito 1 ogni 8-10 bambini; sotto i "
               "3 anni serve la presenza di un genitore. Il materiale (colori, bolle) è incluso; la cena "
               "dell'animatore è a carico degli sposi (menù staff).")
    return "\n".join(out)


def wedding(out: Path) -> dict[str, Any]:
    rng = random.Random(2026_09_12)
    c = Conversation(
        "wedding_it",
        "it",
        "wedding planning in Tuscany: venue, catering, guests, vendors, budget",
        cues=("in realtà", "anzi", "scusa", "correggo", "mi sono sbagliata", "ho sbagliato"),
    )
    c.turn(
        "ciao! allora, mi sposo il 12 settembre 2026 (aiuto) e mi serve qualcuno che tenga il filo "
        "di tutto perchè sto impazzendo tra mail, fogli excel e whatsapp. ricevimento alla Tenuta Il "
        "Poggiolo a Montespertoli, cerimonia in chiesa alla Pieve di San Pietro in Mercato. io sono "
        "Giulia, lui è Marco. siamo sui 140 invitati per ora ma cresce ogni settimana lol",
        "Ciao Giulia, auguri a te e Marco! Volentieri. Mi segno i punti fermi:\n\n"
        "- data: sabato 12 settembre 2026\n"
        "- cerimonia: Pieve di San Pietro in Mercato\n"
        "- ricevimento: Tenuta Il Poggiolo, Montespertoli\n"
        "- invitati: circa 140 per ora\n\n"
        "Per partire bene mi servirebbero: il budget complessivo, cosa è già prenotato o pagato, e "
        "chi sono i fornitori con cui siete già in contatto (catering, fotografo, fiori, musica). "
        "Posso leggere le tue mail e il foglio invitati se me li condividi, così non devi "
        "ricopiarmi niente. Da lì ti preparo una lista scadenze mese per mese.",
        facts=[
            H("12 settembre 2026", "12/09/2026", "12.09.2026"),
            H("Tenuta Il Poggiolo", "Il Poggiolo"),
            H("Pieve di San Pietro in Mercato", "San Pietro in Mercato"),
        ],
    )
    c.turn(
        "budget totale 38mila tutto compreso, viaggio escluso. alla tenuta abbiamo già dato la "
        "caparra di 4.500 € a gennaio, il resto si paga a saldo la settimana dopo",
        "Perfetto: budget 38mila (viaggio di nozze escluso), caparra di 4.500 € già versata alla "
        "tenuta a gennaio, saldo la settimana dopo l'evento. Con 140 invitati vuol dire circa 270 € "
        "a persona tutto compreso, che per la Toscana a settembre è fattibile ma non largo: "
        "location e catering di solito si mangiano il 55-60% del totale. Quando vediamo i preventivi "
        "del catering capiamo subito quanto margine resta per fiori, musica e il resto.",
        facts=[H("4.500 €", "4500 €", "4.500 euro", "4500 euro")],
    )
    c.turn(
        "puoi guardare nelle mail cosa ci ha mandato il catering? si chiama sapori di toscana credo",
        "Trovato. Il catering è Sapori di Toscana, preventivo n. 2026/118 del 14 febbraio "
        "(prezzi IVA 10% esclusa, servizio incluso):\n\n"
        "- Menù Tradizione: 78,00 € a persona (sformatino, risotto ai fiori di zucca e pici "
        "all'aglione, filetto in crosta di pistacchi)\n"
        "- Menù Degustazione: 96,00 € a persona (tartare, tortelli, guancia brasata, vini in "
        "abbinamento)\n"
        "- Menù bambini fino a 10 anni: 35,00 €; menù staff 30,00 €\n"
        "- Open bar dopo cena: 14,00 € a persona per 3 ore\n"
        "- Diritto di taglio torta 4,00 € a persona se la torta arriva da fuori\n\n"
        "Condizioni: minimo 100 adulti, numero definitivo entro 40 giorni dalla data, acconto 30% "
        "alla firma. La prova menù è gratuita per 4 persone.",
        tools=[("cerca_email", {"query": "catering preventivo matrimonio", "max": 15},
                catering_email_it(rng))],
        lead="Cerco nelle mail.",
        facts=[HT("2026/118", "n. 2026/118"), HT("78,00 €", "78 €", "78 euro", "€78")],
    )
    c.turn(
        "ok. la messa è alle ore 16:00, il parroco è don Walter, simpaticissimo. e la tenuta vuole "
        "che la musica finisca a mezzanotte, quindi regolati con gli orari",
        "Segnato: messa alle ore 16:00 con don Walter, e alla tenuta la musica finisce a mezzanotte. "
        "Con la messa alle 16 (circa un'ora), foto sul sagrato e trasferimento, arrivate in tenuta "
        "verso le 17:45. Una scaletta possibile:\n\n"
        "- 17:45-19:15 aperitivo in giardino\n- 19:30 ingresso sposi e cena\n"
        "- 22:00 taglio torta\n- 22:15 primo ballo, poi festa fino alle 24:00\n\n"
        "Dopo mezzanotte si può stare dentro con musica di sottofondo, se la tenuta lo permette.",
        facts=[
            H("don Walter"),
            K("la musica finisca a mezzanotte", "musica fino a mezzanotte",
              "musica finisce a mezzanotte", "musica entro mezzanotte"),
        ],
    )
    c.turn(
        "ti ho condiviso il foglio degli invitati (drive > matrimonio > invitati_v7). quanti hanno "
        "confermato? e quanti bambini?",
        "Ho letto invitati_v7: 139 righe. Per ora circa due terzi hanno risposto sì, una trentina "
        "sono in attesa e una manciata ha detto no. I bambini segnati col menù bambino sono pochi, "
        "ma diverse famiglie non hanno ancora risposto, quindi il numero salirà.\n\n"
        "Cose da tenere d'occhio nel foglio:\n"
        "- Federico Rossi (amici università) ha un'allergia alla frutta a guscio\n"
        "- nonna Pina è in sedia a rotelle (nota nel foglio)\n"
        "- Rosanna Moretti, la mamma di Marco, è intollerante al lattosio\n"
        "- alcune intolleranze a glutine e crostacei, da passare al catering\n\n"
        "Ti suggerisco di aggiungere una colonna 'tavolo' quando iniziamo il tableau.",
        tools=[("leggi_foglio", {"file": "matrimonio/invitati_v7", "foglio": "invitati"},
                invitati_it(rng))],
        facts=[HT("frutta a guscio")],
    )
    c.turn(
        "il fotografo è Davide Lentini, mi ha scritto per l'acconto ma non trovo più la mail con l'iban",
        "Eccola, è del 20 febbraio. Davide Lentini chiede un acconto di 960 € (il 30% di "
        "3.200,00 €, il pacchetto completo con secondo fotografo e album) per bloccare la data.\n\n"
        "Dati per il bonifico:\n"
        "- intestatario: Davide Lentini\n"
        "- IBAN: IT60 X054 2811 1010 0000 0123 456\n"
        "- causale: acconto matrimonio 12/09 Bianchi-Moretti\n\n"
        "Il saldo si fa alla consegna dell'album (entro 90 giorni dall'evento).",
        tools=[("cerca_email", {"query": "Davide Lentini acconto iban"}, fotografo_email_it(rng))],
        facts=[
            H("Davide Lentini"),
            HT("IT60 X054 2811 1010 0000 0123 456", "IT60X0542811101000000123456"),
            HT("960 €", "960,00 €", "960 euro"),
        ],
    )
    c.turn(
        "secondo te i confetti li prendiamo classici o quelli al cioccolato? mia mamma dice classici "
        "ovviamente, io li odio",
        "Compromesso classico: confetti di mandorla tradizionali (bianchi) nelle bomboniere, "
        "perché sono quelli che tutti si aspettano e che tua mamma vuole, e una confettata a buffet "
        "con gusti misti (cioccolato fondente, pistacchio, limone) dopo la torta. Così nelle "
        "bomboniere vanno 5 confetti dispari come da tradizione e tu ti mangi quelli al cioccolato "
        "al buffet. Attenzione però: i confetti con mandorla o pistacchio sono frutta a guscio, "
        "quindi per Federico Rossi serve un'alternativa (ci sono confetti al cioccolato senza "
        "frutta a guscio certificati).",
    )
    c.turn(
        "andiamo con il menù Tradizione, il degustazione è buonissimo ma costa troppo. e per i "
        "bambini niente arachidi, due dei piccoli dei cugini sono allergici seri",
        "Deciso: menù Tradizione a 78,00 € a persona. E per i bambini niente arachidi: lo scrivo "
        "al catering come vincolo, non come preferenza, e chiedo che anche il buffet dei dolci e la "
        "confettata dei bambini siano senza arachidi e tracce. Con 140 persone la differenza tra i "
        "due menù era circa 2.500 € più IVA, quindi buona scelta per il budget.",
        facts=[
            D("menù Tradizione", "menu Tradizione"),
            K("niente arachidi", "senza arachidi", "no arachidi"),
        ],
    )
    c.turn(
        "scrivi tu al catering per confermare il tradizione e chiedere la prova menù",
        "Mail inviata a Serena Mancini di Sapori di Toscana: conferma del menù Tradizione sul "
        "preventivo n. 2026/118, richiesta di una data per la prova menù (siete in 4: voi due e "
        "i genitori?), e la nota che per i bambini vale il vincolo niente arachidi, tracce comprese. "
        "Ho segnalato anche l'allergia alla frutta a guscio di un ospite adulto.",
        tools=[
            (
                "invia_email",
                {
                    "a": "eventi@saporiditoscana.it",
                    "oggetto": "Matrimonio Bianchi/Moretti 12/09 - conferma menù Tradizione",
                    "testo": "Gentile Serena, confermiamo il menù Tradizione (prev. 2026/118). "
                    "Vorremmo fissare la prova menù. Per i bambini: niente arachidi, anche in "
                    "tracce. Un ospite adulto è allergico alla frutta a guscio. Grazie, Giulia",
                },
                "OK messaggio inviato (id <20260301.4471@mail.gbianchi.it>)",
            )
        ],
    )
    c.turn(
        "mi ha appena chiamato la ragazza del catering, prova menù giovedì 14 maggio alle 19:30 da "
        "loro a empoli. mettilo in calendario e avvisa marco",
        "Fatto: in calendario 'Prova menù Sapori di Toscana', giovedì 14 maggio alle 19:30, "
        "Empoli, con invito a Marco. Ho messo un promemoria il giorno prima. Porta la lista "
        "allergie aggiornata, così la verificano in quell'occasione.",
        tools=[
            (
                "calendario",
                {"azione": "crea", "titolo": "Prova menù Sapori di Toscana",
                 "quando": "2026-05-14 19:30", "dove": "Empoli", "invitati": ["marco"]},
                "Evento creato: evt_7f3a21 · giovedì 14 maggio 2026 19:30-21:30 · invito inviato",
            )
        ],
    )
    c.turn(
        "idee per il tableau? non voglio i soliti numeri dei tavoli",
        "Qualche idea che funziona bene in una tenuta toscana:\n\n"
        "1. Borghi della Valdelsa: ogni tavolo ha il nome di un paese (Certaldo, San Gimignano, "
        "Colle, Montespertoli...) con una piccola illustrazione. Il tableau è una mappa disegnata "
        "a mano.\n"
        "2. Vini del Chianti: tavoli intitolati alle denominazioni o ai vitigni, con il tableau "
        "appeso a una vecchia botte o su cassette di legno.\n"
        "3. Canzoni vostre: ogni tavolo è una canzone importante per voi, e il DJ può suonarla "
        "quando quel tavolo va al buffet.\n"
        "4. Luoghi dei vostri viaggi: foto vostre in quel posto su ogni segnatavolo.\n\n"
        "Praticamente: stampa il tableau grande (70x100) e tieni i nomi in ordine alfabetico "
        "dentro ogni tavolo, la gente cerca prima il proprio nome. Per 140 persone con tavoli "
        "tondi da 10 vi servono circa 14 tavoli più quello degli sposi.",
    )
    c.turn(
        "hotel per quelli da fuori: avevamo bloccato delle camere a villa sassi mi pare, controlla",
        "Sì, confermato dal 3 marzo. Hotel Villa Sassi, 25 camere bloccate per le notti dell'11 e "
        "del 12 settembre:\n"
        "- classic 125,00 €/notte, superior 155,00 €/notte, colazione inclusa\n"
        "- tassa di soggiorno 2,00 € a persona a notte\n"
        "- gli ospiti prenotano citando il codice SPOSI2026GM (telefono o mail dell'hotel)\n"
        "- le camere non prenotate vengono rilasciate entro 10 agosto 2026, senza penali per voi\n\n"
        "La navetta hotel-tenuta non è inclusa: va organizzata a parte.",
        tools=[("cerca_email", {"query": "villa sassi blocco camere"}, hotel_email_it(rng))],
        facts=[HT("SPOSI2026GM"), HT("10 agosto 2026", "10/08/2026")],
    )
    c.turn(
        "marco dice che i suoi zii dalla puglia vengono in 6, non so se sono già nel foglio, "
        "aggiungili come in attesa",
        "Nel foglio dei Moretti dalla Puglia non c'è nessuno, li ho aggiunti come 6 righe 'in "
        "attesa', lato sposo, gruppo famiglia, nota 'Puglia - hotel?'. Probabilmente a loro "
        "interessa il blocco camere di Villa Sassi: quando Marco ha i nomi, completiamo le righe.",
        tools=[
            (
                "aggiorna_foglio",
                {"file": "matrimonio/invitati_v7", "aggiungi_righe": 6,
                 "valori": {"lato": "sposo", "gruppo": "famiglia", "rsvp": "in attesa",
                            "note": "Puglia - hotel?"}},
                "OK: 6 righe aggiunte (righe 141-146). Totale righe: 145",
            )
        ],
    )
    c.turn(
        "per i fiori avevo pensato a Fiori di Campo di empoli, tema bianco e verde salvia, con "
        "peonie e ranuncoli. che ne dici",
        "Fiori di Campo va bene se ti piace il loro stile, ma c'è un problema con i fiori: a metà "
        "settembre peonie e ranuncoli non sono di stagione. Si trovano solo d'importazione "
        "(Cile, Nuova Zelanda), costano tre o quattro volte tanto e con il caldo di settembre si "
        "aprono e appassiscono in fretta. Per bianco e salvia a settembre funzionano molto bene:\n\n"
        "- dalie bianche e café au lait\n- rose da giardino bianche o avorio\n"
        "- lisianthus, gypsophila, eucalipto e ulivo per il verde\n\n"
        "Se vuoi comunque un po' di peonie, magari solo nel bouquet.",
    )
    c.turn(
        "la navetta dalla chiesa alla tenuta l'ho chiesta ad autolinee chianti, c'è la conferma?",
        "Sì, conferma del 6 marzo da Autolinee Chianti Valdelsa, prenotazione n. NCC-44719:\n"
        "- 2 pullman GT da 54 posti\n- hotel → Pieve (arrivo 30 minuti prima della cerimonia)\n"
        "- Pieve → tenuta al termine della cerimonia\n- rientro in hotel con due corse, 00:30 e 01:30\n"
        "- 1.140,00 € + IVA, acconto di 300 € entro 30 giorni\n\n"
        "Gli orari definitivi vanno comunicati almeno 15 giorni prima. 108 posti bastano per chi "
        "dorme in hotel, non per tutti gli invitati.",
        tools=[("cerca_email", {"query": "autolinee chianti noleggio conferma"},
                navetta_email_it(rng))],
        facts=[HT("NCC-44719")],
    )
    c.turn(
        "ah importantissimo per quando facciamo i tavoli: mia suocera e lo zio Franco mai allo "
        "stesso tavolo. e possibilmente nemmeno vicini. lunga storia",
        "Ricevuto: la mamma di Marco (Rosanna Moretti) e lo zio Franco mai allo stesso tavolo, e "
        "se possibile tavoli lontani, magari ai lati opposti della sala. Nel foglio ho visto che "
        "Franco Moretti è del lato sposo, famiglia: lo segno nelle note così, quando assegniamo i "
        "tavoli, il controllo lo faccio io.",
        facts=[K("mai allo stesso tavolo", "non allo stesso tavolo", "tavoli separati",
                 "tavoli diversi")],
    )
    c.turn(
        "buone notizie!! i miei genitori ci aiutano, il budget sale a 45mila",
        "Che bello! Budget aggiornato: non più 38mila ma 45mila, viaggio sempre escluso. Sono 7.000 "
        "€ in più: con il menù Tradizione già scelto, ti suggerirei di metterne una parte su "
        "fiori e allestimenti (di solito sottostimati) e di tenere 1.500 € per gli imprevisti. "
        "Vuoi che ti rifaccia il prospetto del budget?",
        fix=[("38mila", "45mila")],
    )
    c.turn(
        "sì fammi il prospetto con quello che sappiamo, c'è il foglio budget nel drive",
        "Ecco il quadro dal foglio budget (preventivi noti, stima catering su 140 adulti):\n\n"
        "- location 9.500 € (già pagati 4.500 € di caparra)\n"
        "- catering Tradizione circa 12.000 € + IVA, open bar circa 2.000 €\n"
        "- fotografo 3.200 €, DJ 1.200 €, navetta circa 1.250 €\n"
        "- fiori e allestimenti 2.500 € (stima, ancora da decidere)\n"
        "- abiti 4.600 €, fedi 1.180 €, resto (torta, bomboniere, trucco, chiesa, partecipazioni) "
        "circa 2.400 €\n\n"
        "Senza il viaggio siete intorno ai 41.000 €, quindi con 45mila c'è margine, ma il foglio "
        "conta ancora 'viaggio di nozze' dentro il totale: te lo sposto in un foglio separato così "
        "il totale torna coerente. Le spese piccole sono già sopra i 1.700 €.",
        tools=[("leggi_foglio", {"file": "matrimonio/budget", "foglio": "*"}, budget_it(rng))],
    )
    c.turn(
        "leggi il contratto della tenuta che ho messo nel drive, ci sono penali se cambiamo qualcosa? "
        "non l'ho mai letto davvero lo ammetto",
        "L'ho letto tutto (contratto n. TP-2026-031, firmato il 12 gennaio). I punti che contano:\n\n"
        "- Orari: spazi vostri dalle 16:00 all'01:30; musica amplificata all'aperto fino alle 24:00, "
        "poi solo sottofondo in limonaia. La SIAE è a carico vostro o del DJ.\n"
        "- Vietati fuochi d'artificio, lanterne volanti e fiamme libere (per i cavalli); ammesse "
        "fontane fredde certificate.\n"
        "- Deposito cauzionale di 1.000,00 € da versare entro 30 giorni prima, restituito dopo "
        "il controllo.\n"
        "- Disdetta: la caparra si perde; sotto i 90 giorni si paga anche il 50%, sotto i 30 giorni "
        "tutto. Cambio data gratuito una volta se comunicato almeno 120 giorni prima.\n"
        "- Fornitori esterni (fiori, musica, foto) liberi, ma devono mandare nominativi e polizza RC "
        "15 giorni prima. Il catering deve essere convenzionato: Sapori di Toscana lo è.\n"
        "- Accessibilità: bagno accessibile al piano terra del corpo principale, rampa per la "
        "limonaia sul lato est (utile per nonna Pina).\n\n"
        "Attenzione: gli spazi sono vostri dalle 16:00. Con la messa anticipata potreste arrivare "
        "prima, da chiedere alla tenuta.",
        tools=[("leggi_documento", {"file": "matrimonio/contratto_poggiolo.pdf"},
                contratto_tenuta_it())],
        facts=[HT("TP-2026-031")],
    )
    c.turn(
        "cambio di programma: in realtà il parroco ha spostato tutto, la messa è alle ore 15:30 "
        "perché alle 17 ha un battesimo",
        "Ok, aggiorno: la messa non è più alle ore 16:00 ma alle ore 15:30. Si anticipa tutto di "
        "mezz'ora:\n- arrivo in tenuta verso le 17:15\n- aperitivo 17:15-19:00\n- cena alle 19:15\n"
        "- la festa può iniziare un po' prima, fermo restando che la musica finisce a mezzanotte.\n\n"
        "Bisogna avvisare Autolinee Chianti (la prima tratta arriva 30 minuti prima della "
        "cerimonia) e il fotografo per i preparativi.",
        fix=[("ore 16:00", "ore 15:30")],
    )
    c.turn(
        "scrivi ad autolinee che partiamo prima, e anche a davide",
        "Inviate due mail. Ad Autolinee Chianti Valdelsa (prenotazione NCC-44719): messa alle "
        "15:30, quindi arrivo alla Pieve entro le 15:00, partenza dall'hotel verso le 14:30. A "
        "Davide Lentini: preparativi da anticipare di mezz'ora, cerimonia alle 15:30.",
        tools=[
            ("invia_email",
             {"a": "noleggio@autolineechianti.it", "oggetto": "NCC-44719 - nuovo orario",
              "testo": "Buongiorno, la cerimonia del 12/09 è anticipata alle 15:30: arrivo alla "
              "Pieve entro le 15:00. Grazie, Giulia Bianchi"},
             "OK messaggio inviato (id <20260318.0932@mail.gbianchi.it>)"),
            ("invia_email",
             {"a": "info@davidelentini.it", "oggetto": "orario cerimonia",
              "testo": "Ciao Davide, la messa è alle 15:30, anticipiamo i preparativi di mezz'ora. G."},
             "OK messaggio inviato (id <20260318.0933@mail.gbianchi.it>)"),
        ],
    )
    c.turn(
        "il dj è Luca Ferretti, mi ha mandato una scaletta, guardala tu che io non ho la forza",
        "Ho visto la bozza di Luca Ferretti. Struttura sensata: aperitivo lounge, cena con musica "
        "bassa, taglio torta alle 22:00, primo ballo alle 22:15 e festa fino all'ultimo lento alle "
        "23:50, quindi rispetta la mezzanotte. Però la bozza parte dall'aperitivo alle 18:00: con "
        "la messa anticipata siete in tenuta mezz'ora prima, va spostato. Alcune canzoni compaiono "
        "due volte (l'ha generata di fretta), e manca la canzone del primo ballo: avete già "
        "deciso? Tecnicamente chiede una presa 16A vicino alla pista, un tavolo 2x1 m e il menù "
        "staff.",
        tools=[("cerca_email", {"query": "luca ferretti scaletta"}, scaletta_it(rng))],
        facts=[H("Luca Ferretti")],
    )
    c.turn(
        "mi sono arrivati tre preventivi per il video, me li confronti? io sono indecisa se farlo",
        "Ecco i tre preventivi video:\n\n"
        "| fornitore | cosa | prezzo |\n|---|---|---|\n"
        "| Frame Toscana | Short (trailer + social) / Classic (film 20-25 min, drone) / Full (2 "
        "operatori, 40 min) | 1.650 / 2.400 / 3.300 € |\n"
        "| Marco Pieri | film 15 min + trailer, da solo, niente drone; +250 € cerimonia integrale | "
        "1.800 € |\n"
        "| Lumen Studio | 2 operatori, 30 min, drone, consegna 6 mesi | da 2.900 € |\n\n"
        "Il miglior rapporto qualità/prezzo mi sembra Frame Toscana Classic. Nel budget avevi messo "
        "1.800 € per il video: Marco Pieri ci sta giusto. Se il video non ti convince, saltarlo "
        "libera quasi 2.000 € per altro.",
        tools=[("cerca_email", {"query": "preventivo video matrimonio"}, video_email_it(rng))],
    )
    c.turn(
        "ne ho parlato con marco, niente videomaker, ci bastano le foto di davide e i video dei "
        "cugini col telefono",
        "Ok, niente videomaker. Tolgo la voce video dal budget (1.800 €). Suggerimento a costo "
        "quasi zero: un QR code sui tavoli che porta a un album condiviso, così tutti i video dei "
        "cugini finiscono nello stesso posto invece che in trenta chat diverse.",
        facts=[D("niente videomaker", "niente video", "no videomaker")],
    )
    c.turn(
        "niente fuochi d'artificio eh, la tenuta ha i cavalli e comunque mi fanno paura. marco li "
        "voleva, digli di no con gentilezza",
        "Chiaro, niente fuochi d'artificio. È anche quello che consiglia la tenuta per via delle "
        "scuderie. Per Marco, alternative d'effetto senza botti: lanterne a LED sul laghetto, "
        "sparkler freddi (fontane fredde) per il primo ballo, che non fanno rumore e sono "
        "ammessi al chiuso, oppure un'uscita sotto un tunnel di bacchette luminose per le foto.",
        facts=[K("niente fuochi d'artificio", "no fuochi d'artificio",
                 "senza fuochi d'artificio")],
    )
    c.turn(
        "la prova menù l'hanno spostata a giovedì 21 maggio stessa ora, aggiorna",
        "Aggiornato: la prova menù si sposta da giovedì 14 maggio a giovedì 21 maggio, sempre alle "
        "19:30 a Empoli. Marco riceve l'aggiornamento dell'invito.",
        tools=[
            ("calendario",
             {"azione": "modifica", "id": "evt_7f3a21", "quando": "2026-05-21 19:30"},
             "Evento aggiornato: evt_7f3a21 · giovedì 21 maggio 2026 19:30-21:30 · invitati notificati")
        ],
        fix=[("giovedì 14 maggio", "giovedì 21 maggio")],
    )
    c.turn(
        "ok niente peonie hai ragione, vada per dalie e rose. e cambiamo fiorista, quelli di empoli "
        "non rispondono da due settimane. prendiamo La Serra di Anna a certaldo, me l'ha "
        "consigliata chiara",
        "Bene: non più peonie e ranuncoli ma dalie e rose (bianche, café au lait), con eucalipto e "
        "ulivo per il verde salvia. E la fiorista non è più Fiori di Campo ma La Serra di Anna a "
        "Certaldo. Aggiorno il foglio fornitori. Vuoi che le chieda un preventivo?",
        fix=[("peonie e ranuncoli", "dalie e rose"), ("Fiori di Campo", "La Serra di Anna")],
    )
    c.turn(
        "il numero di marco per i fornitori è 347 218 9930, mettilo nelle mail come secondo contatto",
        "Fatto, da ora nelle mail ai fornitori metto in firma: Giulia Bianchi e, come secondo "
        "contatto, Marco Moretti 347 218 9930. L'ho aggiunto anche al foglio fornitori.",
        facts=[H("347 218 9930", "3472189930", "+39 347 218 9930")],
    )
    c.turn(
        "torta: millefoglie con chantilly e fragole, deciso, l'abbiamo assaggiata da sieni ieri",
        "Bella scelta per settembre. Torta millefoglie con chantilly e fragole dalla Pasticceria "
        "Sieni. Cose da dire al catering: la torta arriva da fuori, quindi c'è il diritto di "
        "taglio di 4,00 € a persona, e serve un frigorifero alla tenuta per la chantilly. "
        "Chiedi a Sieni se le fragole di settembre sono buone o se preferisce frutti di bosco.",
        facts=[D("millefoglie con chantilly e fragole", "millefoglie")],
    )
    c.turn(
        "le bomboniere le ho ordinate online a febbraio, dove sono? non ho più il numero ordine",
        "L'ordine è ORD-IT-558201 su BomboniereItalia.it: 150 sacchetti in lino con nome e data, "
        "150 scatoline e 3 kg di confetti. Stato: 'in lavorazione' (personalizzazione), spedizione "
        "prevista il 28 luglio con BRT. Ho notato che hai ordinato i confetti alle mandorle: "
        "vanno bene per le bomboniere, ma ricordati l'alternativa per chi è allergico.",
        tools=[
            ("stato_ordine", {"negozio": "bomboniereitalia.it", "email": "giulia.bianchi@mail.it"},
             "Ordini trovati: 2\n"
             "---\nORD-IT-540077 · 11/01/2026 · campioni sacchetti (3 pz) · CONSEGNATO 15/01/2026\n"
             "---\nORD-IT-558201 · 09/02/2026 · stato: IN LAVORAZIONE (personalizzazione)\n"
             "  150 x sacchetto lino naturale stampa 'Giulia & Marco 12.09.2026'   2,20 €\n"
             "  150 x scatolina kraft con finestra                                 0,90 €\n"
             "  3 x confetti mandorla Avola bianchi 1 kg                           24,50 €\n"
             "  spedizione BRT                                                     9,90 €\n"
             "  totale 548,40 € · pagato con carta ****4417\n"
             "  spedizione prevista: 28/07/2026 · tracking disponibile alla spedizione"),
        ],
        facts=[HT("ORD-IT-558201")],
    )
    c.turn(
        "aggiornamento invitati: con gli zii di marco e i colleghi di lui siamo a 152 invitati. aiuto",
        "Aggiornato: 152 invitati (prima 140). Cosa cambia:\n"
        "- catering: circa 12 coperti in più, sui 940 € + IVA col menù Tradizione\n"
        "- tavoli: servono 16 tavoli da 10 più quello degli sposi; la limonaia per il piano B "
        "tiene 90 persone sedute, quindi per la pioggia serve comunque la tensostruttura\n"
        "- navetta: 108 posti restano sufficienti per chi dorme in hotel\n\n"
        "Il budget di 45mila regge.",
        fix=[("140 invitati", "152 invitati")],
    )
    c.turn(
        "il catering vuole il numero definitivo entro il 1 agosto, segnalo",
        "Segnato in calendario: sabato 1 agosto, scadenza numero definitivo invitati a Sapori di "
        "Toscana, con promemoria il 20 luglio per sollecitare chi non ha ancora risposto.",
        tools=[
            ("calendario",
             {"azione": "crea", "titolo": "SCADENZA numero definitivo invitati al catering",
              "quando": "2026-08-01 23:59", "promemoria": "2026-07-20 09:00"},
             "Evento creato: evt_81c0d4 · sabato 1 agosto 2026 · promemoria 20 luglio 09:00")
        ],
        facts=[H("1 agosto", "1° agosto", "01/08/2026")],
    )
    c.turn(
        "che dici del tableau a forma di mappa della toscana con i borghi? a chiara piace tantissimo",
        "Mi piace molto, ed è coerente con la location. Consigli pratici:\n"
        "- scegli 16-17 borghi facili da leggere e riconoscibili (Certaldo, Vinci, San Gimignano, "
        "Volterra, Montalcino, Pienza, Cortona, Lucca, Siena, Arezzo, Greve, Radda, Castellina, "
        "Monteriggioni, Colle, Montespertoli)\n"
        "- sulla mappa metti solo i nomi dei borghi e accanto un elenco alfabetico 'chi siede "
        "dove', altrimenti la gente ci mette tre minuti a trovarsi\n"
        "- il tavolo degli sposi può essere Montespertoli, ovviamente\n"
        "- fai stampare la mappa su forex 70x100, regge all'aperto anche col vento.",
    )
    c.turn(
        "ma che tempo fa a montespertoli a metà settembre? serve davvero la tensostruttura come piano b?",
        "Dagli ultimi dieci anni di archivio, nella seconda decade di settembre i giorni di pioggia "
        "vanno da 0 a 4 su 10, con massime intorno ai 25-28 °C e minime sui 13 °C la sera. Quindi "
        "il rischio pioggia c'è (circa un anno su tre ha un temporale in quei giorni). La tenuta "
        "dice che la limonaia tiene 90 persone sedute, voi siete 152: se piove senza "
        "tensostruttura, non entrate. La tensostruttura da 20x30 m va prenotata entro 60 giorni e "
        "si può disdire gratis fino a 15 giorni prima. Il listino è sui 5-8.000 €, con "
        "pavimento e luci in più.",
        tools=[("cerca_web", {"query": "Montespertoli meteo metà settembre tensostruttura matrimonio"},
                meteo_it(rng))],
    )
    c.turn(
        "ok prenotiamo la tensostruttura come piano B, tanto si disdice gratis. scrivi alla tenuta",
        "Scritto all'ufficio eventi della tenuta: richiesta di opzione per la tensostruttura "
        "20x30 m come piano B pioggia, con pavimento in legno, e conferma della data limite per "
        "la disdetta gratuita (15 giorni prima).",
        tools=[
            ("invia_email",
             {"a": "eventi@ilpoggiolo.it", "oggetto": "12/09 Bianchi-Moretti - tensostruttura piano B",
              "testo": "Buongiorno, vorremmo opzionare la tensostruttura 20x30 m con pavimento "
              "come piano B pioggia. Ci confermate la disdetta gratuita fino a 15 giorni prima? "
              "Grazie, Giulia (secondo contatto Marco 347 218 9930)"},
             "OK messaggio inviato (id <20260402.1120@mail.gbianchi.it>)")
        ],
        facts=[D("tensostruttura come piano B", "tensostruttura come piano b",
                 "piano B con tensostruttura")],
    )
    c.turn(
        "altra cosa: open bar solo dopo il taglio della torta, sennò mio zio alle nove è già andato",
        "Capito, open bar solo dopo il taglio della torta (quindi dalle 22:00 circa per 3 ore, "
        "che coincide con la fine della musica a mezzanotte più un'ora tranquilla). Durante la "
        "cena solo i vini del menù. Lo comunico al catering insieme al numero definitivo.",
        facts=[D("open bar solo dopo il taglio della torta", "open bar dopo il taglio della torta")],
    )
    c.turn(
        "nonna pina ha la sedia a rotelle, le serve un tavolo vicino all'uscita e un bagno senza "
        "gradini, la tenuta ce l'ha?",
        "Segnato come vincolo per i tavoli: nonna Pina a un tavolo vicino all'uscita, con passaggio "
        "libero. Per il bagno chiedo conferma alla tenuta; dalle foto il corpo principale ha un "
        "bagno accessibile al piano terra, ma nella limonaia non saprei. Va verificata anche la "
        "Pieve: molte chiese romaniche hanno un paio di gradini all'ingresso, di solito c'è una "
        "rampa laterale.",
        facts=[K("tavolo vicino all'uscita", "vicino all'uscita")],
    )
    c.turn(
        "mandami la lista dei fornitori con i contatti, la giro a mia sorella che mi aiuta",
        "Eccola, aggiornata (fiori: La Serra di Anna; secondo contatto Marco in tutte le mail):\n\n"
        "- Tenuta Il Poggiolo, Claudia Innocenti, 0571 000 118\n- Sapori di Toscana, Serena Mancini, "
        "055 000 7761\n- Davide Lentini (foto), 333 000 4512\n- Luca Ferretti (DJ), 349 000 2208\n"
        "- La Serra di Anna, Anna Cecchi, 0571 000 983\n- Autolinee Chianti Valdelsa, 0577 000 300\n"
        "- Hotel Villa Sassi, 0571 000 431\n- Pasticceria Sieni, Paolo Sieni, 055 000 6420\n"
        "- Atelier Lucrezia, 055 000 1180\n- Parrocchia, don Walter, 0571 000 219",
        tools=[("leggi_foglio", {"file": "matrimonio/fornitori"}, fornitori_it())],
        facts=[HT("Claudia Innocenti")],
    )
    c.turn(
        "quanti piani di torta dice sieni per 152? lui dice 3 ma mi sembra poco",
        "Una millefoglie non si fa 'a piani' come una torta americana: di solito si fanno più "
        "millefoglie rettangolari grandi affiancate, o una scenografica a 2-3 livelli per il taglio "
        "più vassoi di servizio dalla cucina. Per 152 persone, con porzioni da circa 120 g, ti "
        "servono 18-19 kg di torta. Tre livelli scenografici più due teglie di servizio è una "
        "soluzione normale: chiedi a Sieni i chili totali, non i piani.",
    )
    c.turn(
        "scrivi a la serra di anna per un preventivo: 16 centrotavola, arco in chiesa, bouquet e "
        "bottoniera, dalie e rose bianco e salvia",
        "Inviata la richiesta ad Anna Cecchi (La Serra di Anna): 16 centrotavola bassi, arco per "
        "l'ingresso della Pieve, bouquet sposa, bottoniera sposo e 4 bottoniere per testimoni e "
        "papà, palette bianco e salvia con dalie e rose. Le ho chiesto anche il costo del "
        "sopralluogo in tenuta.",
        tools=[
            ("invia_email",
             {"a": "ordini@laserradianna.it", "oggetto": "Preventivo fiori matrimonio 12/09/2026",
              "testo": "Buongiorno Anna, ci servirebbero: 16 centrotavola, arco in chiesa, bouquet, "
              "bottoniere. Palette bianco e verde salvia, dalie e rose. Location: Tenuta Il "
              "Poggiolo. Grazie! Giulia Bianchi - Marco Moretti 347 218 9930"},
             "OK messaggio inviato (id <20260405.0815@mail.gbianchi.it>)")
        ],
    )
    c.turn(
        "la serra ha risposto?",
        "Sì, stamattina. Preventivo PR-0934 della Serra di Anna:\n"
        "- 16 centrotavola bassi 75 € l'uno\n- arco per la Pieve 480 €\n- bouquet 160 €, bottoniere\n"
        "- allestimento e ritiro inclusi, sopralluogo gratuito\n"
        "Totale 2.350,00 € IVA inclusa, acconto 30%. Sta nella stima di 2.500 € del budget. Anna "
        "propone il sopralluogo venerdì 24 luglio alle 11.",
        tools=[
            ("cerca_email", {"query": "la serra di anna preventivo"},
             "[07 apr] La Serra di Anna <ordini@laserradianna.it> — re: Preventivo fiori 12/09/2026\n"
             "Ciao Giulia! Che bello lavorare al Poggiolo, lo conosco benissimo.\n"
             "Ti mando il preventivo PR-0934:\n"
             "  16 centrotavola bassi (dalie, rose da giardino, eucalipto, ulivo)   16 x 75,00 €\n"
             "  arco floreale ingresso Pieve                                       480,00 €\n"
             "  bouquet sposa (dalie café au lait, rose avorio)                    160,00 €\n"
             "  6 bottoniere                                                        60,00 €\n"
             "  segnaposto tavolo sposi (ghirlanda)                                 450,00 €\n"
             "  allestimento, ritiro e sopralluogo                                 inclusi\n"
             "  TOTALE 2.350,00 € IVA inclusa — acconto 30% alla conferma\n"
             "Per il sopralluogo io proporrei venerdì 24 luglio alle 11, così vediamo anche la luce.\n"
             "Anna"),
        ],
        facts=[HT("PR-0934")],
    )
    c.turn(
        "mi aiuti a scrivere le promesse? niente di troppo sdolcinato, marco piange già alle pubblicità",
        "Ecco una traccia asciutta, da adattare con due o tre ricordi veri vostri:\n\n"
        "\"Marco, ti ho scelto in un giorno qualunque, e poi ogni giorno dopo. Prometto di "
        "ridere alle tue battute anche alla terza volta, di non toccarti la moka la mattina, di "
        "dirti la verità anche quando è scomoda e di ascoltarti anche quando ho fretta. Prometto "
        "di essere la tua squadra, nelle cose belle e in quelle noiose, nei traslochi, nelle "
        "domeniche dai tuoi e in quelle dai miei. Non prometto di non arrabbiarmi: prometto di "
        "non andare a dormire arrabbiata. Ti amo, e da oggi anche per iscritto.\"\n\n"
        "Durata: circa 40 secondi letta con calma. Se don Walter permette le promesse personali "
        "in chiesa, chiedigli prima; altrimenti potete leggerle al ricevimento, prima del primo ballo.",
    )
    c.turn(
        "marco vuole il carretto dei gelati a fine serata, tipo 3,50 a persona. ci sta nel budget?",
        "Sì: 152 × 3,50 € fanno 532 €, diciamo 600 € con trasporto. Col budget a 45mila e la "
        "stima attuale intorno ai 42.500 € (fiori ora a 2.350 €, catering ricalcolato su 152) resta "
        "margine. Unico dettaglio: i gelati del carretto devono rispettare il niente arachidi "
        "per i bambini, quindi niente gusti tipo arachide o snickers, e chiedi se hanno gusti "
        "senza frutta a guscio per Federico.",
    )
    c.turn(
        "che prove ho a luglio e agosto? devo organizzarmi col lavoro",
        "Tra luglio e agosto hai:\n"
        "- ven 3 luglio ore 10:00, prova abito da Atelier Lucrezia\n"
        "- gio 9 luglio 18:30, ultimo incontro del corso prematrimoniale\n"
        "- ven 17 luglio 9:00, prova trucco e parrucco\n"
        "- ven 24 luglio 11:00, sopralluogo in tenuta con La Serra di Anna\n"
        "- ven 31 luglio 17:00, seconda prova abito\n"
        "- sab 1 agosto, scadenza numero definitivo al catering\n"
        "- lun 10 agosto, rilascio camere Villa Sassi\n"
        "- ven 28 agosto 16:00, ritiro fedi\n\n"
        "Mezze giornate da chiedere al lavoro: 3, 17 e 24 luglio.",
        tools=[("calendario", {"azione": "elenca", "da": "2026-07-01", "a": "2026-08-31"},
                calendario_it(rng))],
        facts=[HT("2026-07-03 10:00", "3 luglio ore 10:00", "3 luglio alle 10")],
    )
    c.turn(
        "mia sorella chiede se serve un piano per i bambini durante la cena, tipo animatrice",
        tools=[("cerca_web", {"query": "animatrice bambini matrimonio Montespertoli prezzi"},
                animatori_it(rng))],
        reply="Per una cena lunga con bambini consiglierei di sì. Un'animatrice (o due se i bambini "
        "sono più di 12) dalle 19:00 alle 23:00 in una zona dedicata, con tavolino, colori, "
        "bolle di sapone e un cartone sul proiettore dopo le 21:30. Costo tipico in zona 25-35 € "
        "l'ora per animatrice. I bambini mangiano prima degli adulti (il menù bambini al tavolo "
        "loro) e l'animatrice deve sapere degli allergici: niente arachidi, e niente snack portati "
        "da fuori.",
    )
    c.turn(
        "il catering mi chiede di nuovo il numero del preventivo per la conferma scritta, qual era?",
        "Il preventivo del catering Sapori di Toscana è il n. 2026/118 (del 14 febbraio), menù "
        "Tradizione a 78,00 € a persona più IVA.",
        recall=["2026/118", "78,00 €"],
    )
    c.turn(
        "quanto avevamo dato di caparra alla tenuta? mio papà vuole sapere",
        "4.500 € di caparra alla Tenuta Il Poggiolo, versati a gennaio. Il saldo si paga la "
        "settimana dopo il matrimonio.",
        recall=["4.500 €", "Tenuta Il Poggiolo"],
    )
    c.turn(
        "l'iban di davide per l'acconto? oggi lo faccio finalmente",
        "IBAN: IT60 X054 2811 1010 0000 0123 456, intestato a Davide Lentini, importo 960 €, "
        "causale 'acconto matrimonio 12/09 Bianchi-Moretti'.",
        recall=["IT60 X054 2811 1010 0000 0123 456", "960 €", "Davide Lentini"],
    )
    c.turn(
        "a che ora è la messa alla fine? mi confondo",
        "Alle ore 15:30 alla Pieve di San Pietro in Mercato, con don Walter. L'aveva anticipata "
        "lui per un battesimo alle 17.",
        recall=["ore 15:30", "Pieve di San Pietro in Mercato", "don Walter"],
    )
    c.turn(
        "gli zii di marco chiedono come prenotare l'hotel, cosa gli dico",
        "Di chiamare o scrivere all'Hotel Villa Sassi citando il codice SPOSI2026GM: camere classic "
        "125 € e superior 155 € a notte con colazione. Devono prenotare entro il 10 agosto 2026, poi "
        "le camere vengono rilasciate.",
        recall=["SPOSI2026GM", "10 agosto 2026"],
    )
    c.turn(
        "ricordami i vincoli per i tavoli che inizio il tableau stasera",
        "Per i tavoli:\n- la mamma di Marco e lo zio Franco mai allo stesso tavolo, meglio "
        "lontani\n- nonna Pina a un tavolo vicino all'uscita, passaggio libero per la sedia a "
        "rotelle\n- i bambini: niente arachidi, quindi tavolo bambini lontano da buffet con frutta "
        "secca\n- Federico Rossi allergico alla frutta a guscio: segnalo sul suo segnaposto.",
        recall=["mai allo stesso tavolo", "tavolo vicino all'uscita", "niente arachidi",
                "frutta a guscio"],
    )
    c.turn(
        "la data della prova menù alla fine?",
        "La prova menù è giovedì 21 maggio alle 19:30 da Sapori di Toscana a Empoli (era stata "
        "spostata di una settimana).",
        recall=["giovedì 21 maggio"],
    )
    c.turn(
        "le navette: mi serve il numero di prenotazione per il bonifico dell'acconto",
        "Prenotazione n. NCC-44719 con Autolinee Chianti Valdelsa, acconto 300 €. L'orario è già "
        "aggiornato alla messa delle 15:30.",
        recall=["NCC-44719"],
    )
    c.turn(
        "ultimo riepilogo budget per i miei, in due righe",
        "Budget 45mila (viaggio escluso), stima attuale circa 42.500 € con 152 invitati, menù "
        "Tradizione, fiori La Serra di Anna a 2.350 € e tensostruttura come piano B da confermare. "
        "Già pagati: 4.500 € di caparra, 1.000 € per l'abito e le partecipazioni.",
        recall=["45mila", "4.500 €", "152 invitati"],
    )
    c.turn(
        "grazie davvero, sei un salvavita. a domani col tableau",
        "Figurati! A domani: porta il foglio invitati aggiornato e partiamo dal tavolo degli sposi "
        "e dalle famiglie. Buona serata a te e Marco.",
    )
    return c.write(out)


# == 2. 수출 포워딩: 부산 → 로테르담 (Korean) =====================================================

SKU_KO = [
    ("RC-SKN-SET01", "Hydra Skin Care Set 5pcs", 24, 9.8),
    ("RC-SKN-SET02", "Calming Cica Set 4pcs", 24, 8.9),
    ("RC-TNR-200", "Rice Toner 200ml", 48, 12.4),
    ("RC-SRM-050", "Vitamin C Serum 50ml", 96, 10.2),
    ("RC-CRM-070", "Ceramide Cream 70ml", 60, 11.7),
    ("RC-CSN-21N", "Glow Cushion Compact 21N", 120, 9.1),
    ("RC-CSN-23N", "Glow Cushion Compact 23N", 120, 9.1),
    ("RC-CSN-REF", "Cushion Refill 15g", 200, 7.6),
    ("RC-SUN-050", "Daily Sun Cream SPF50+ 50ml", 96, 10.9),
    ("RC-MSK-10P", "Sheet Mask 10pcs box", 40, 8.3),
    ("RC-LIP-TNT", "Water Lip Tint (6 shades)", 240, 6.2),
    ("RC-CLN-150", "Low pH Cleansing Foam 150ml", 60, 11.0),
]


def quotes_email_ko(rng: random.Random) -> str:
    noise_subjects = [
        ("무역협회", "[KITA] 3월 수출입 물류 동향 세미나 안내"),
        ("HMM 고객센터", "Schedule change notice: Asia-North Europe FE4 service"),
        ("인사팀", "3월 급여명세서 발송 안내"),
        ("한솔로지스 영업", "2분기 운임 전망 자료 공유드립니다"),
        ("관세청 UNI-PASS", "수출신고 수리 통보 (신고번호 ******)"),
        ("Drop shipping KR", "Re: 샘플 배송 문의"),
        ("구매팀 이민호", "RE: 쿠션 케이스 입고 일정"),
        ("KOTRA", "EU 화장품 CPNP 등록 웨비나 (3/26)"),
    ]
    bodies = [
        "안녕하세요, 관련 자료 첨부드립니다. 확인 부탁드립니다. 문의사항은 담당자에게 연락 "
        "주시기 바랍니다. 본 메일은 발신 전용입니다.",
        "Dear customer, please be advised of the following changes to the Asia - North Europe "
        "loop: port rotation Busan - Shanghai - Ningbo - Yantian - Singapore - (Cape of Good "
        "Hope) - Rotterdam - Hamburg - Antwerp. Transit times are subject to change.",
        "첨부파일 참고 부탁드립니다. 2분기 유럽향 운임은 선복 감축 영향으로 소폭 상승이 "
        "예상되며, 4월 1일부터 PSS가 부과될 수 있습니다.",
        "회신 부탁드립니다. 쿠션 케이스 2차분 입고는 3/13 오전 예정이고, 수량은 주문 대비 "
        "약 3% 적게 들어올 수 있다고 합니다.",
        "EU 화장품 규정(EC No 1223/2009)에 따른 CPNP 등록과 책임자(RP) 지정 실무를 다룹니다. "
        "사전 신청자에 한해 자료집을 제공합니다.",
    ]
    noise = []
    for _ in range(26):
        who, subj = rng.choice(noise_subjects)
        noise.append(
            f"[2026-03-{rng.randint(2, 11):02d}] {who} — {subj}\n    {rng.choice(bodies)}"
        )
    q1 = """[2026-03-10] 한솔로지스 <sales@hansollogis.co.kr> — [견적] 부산-로테르담 40HC / 라온코스메틱
안녕하세요 김서연 대리님, 요청하신 견적 드립니다.
  POL: BUSAN NEW PORT / POD: ROTTERDAM / 40'HC x 1 / 일반화물(화장품, 비위험물)
  O/F      USD 3,050 / 40HC   (carrier: MSC, T/T 약 42일, 희망봉 경유)
  BAF      포함 / LSS 포함
  THC      KRW 320,000 / 40HC
  DOC FEE  KRW 50,000 / BL
  SEAL     KRW 15,000
  WHARFAGE 실비
  내륙운송(평택-부산신항) KRW 680,000
  유효기간: 2026-03-31 선적분까지
감사합니다. 한솔로지스 해상수출팀 최윤호 드림"""
    q2 = """[2026-03-11] 대양포워딩 <export@daeyangfwd.com> — RE: 로테르담 40HC 견적 요청건 (견적번호 Q-DY-260311-07)
김서연 대리님 안녕하세요, 대양포워딩 정민수입니다.
견적번호 Q-DY-260311-07 로 아래와 같이 회신드립니다.
  구간       : 부산신항(PNIT) → Rotterdam (ECT Delta)
  장비       : 40' HIGH CUBE DRY x 1
  선사       : HMM (FE4 서비스), 직기항, T/T 약 38일 (희망봉 경유)
  O/F        : USD 2,840 / 40HC  (BAF/LSS 포함, EBS 별도 USD 120)
  THC        : KRW 310,000
  DOC        : KRW 45,000
  SEAL       : KRW 15,000
  내륙운송   : 평택 포승 → 부산신항 KRW 650,000 (왕복 셔틀 포함)
  보험 대행  : 가능 (ICC(A) 기준 요율 0.08%)
  Free time  : 로테르담 DEM 7일 / DET 7일 (combined 아님)
  유효기간   : 2026-03-31 ETD 기준
부킹 진행 시 S/R 양식 회신 부탁드립니다. 감사합니다."""
    q3 = """[2026-03-11] KTL Global <kr.sales@ktlglobal.com> — Quotation BUSAN-RTM 40HC
Dear Ms. Kim,
  Carrier ONE, T/T 45 days via Cape, transshipment at Singapore
  O/F USD 2,960/40HC all-in ocean (BAF/LSS incl.), THC KRW 330,000, DOC KRW 50,000
  Trucking Pyeongtaek - Busan KRW 700,000
  Validity: until 2026-03-25
Best regards, KTL Global Korea"""
    return "\n\n".join(noise[:8] + [q1] + noise[8:15] + [q2] + noise[15:20] + [q3] + noise[20:])


def hs_lookup_ko(rng: random.Random) -> str:
    rows = [
        ("3303.00-1000", "향수", "0%", "6.5%"),
        ("3303.00-2000", "오데코롱", "0%", "6.5%"),
        ("3304.10-0000", "입술화장용 제품류", "0%", "6.5%"),
        ("3304.20-0000", "눈화장용 제품류", "0%", "6.5%"),
        ("3304.30-0000", "매니큐어용/페디큐어용 제품류", "0%", "6.5%"),
        ("3304.91-0000", "파우더(압축한 것인지에 상관없다)", "0%", "6.5%"),
        ("3304.99-1000", "기초화장용 제품류", "0%", "6.5%"),
        ("3304.99-2000", "메이크업용 제품류 (파운데이션 등)", "0%", "6.5%"),
        ("3304.99-9000", "기타 (쿠션 팩트 등 케이스 일체형 포함)", "0%", "6.5%"),
        ("3305.10-0000", "샴푸", "0%", "6.5%"),
        ("3305.90-0000", "기타 두발용 제품류", "0%", "6.5%"),
        ("3307.90-0000", "기타 (탈취제, 제모제 등)", "0%", "6.5%"),
        ("3401.30-0000", "피부 세척용 유기계면활성제품 (세안폼)", "0%", "6.5%"),
        ("4202.92-0000", "화장품 파우치 (방직용 섬유)", "0%", "8%"),
        ("8513.10-0000", "휴대용 전기램프 (LED 거울 등, 배터리 내장)", "0%", "8%"),
        ("9616.20-0000", "화장용 파우더 퍼프", "0%", "8%"),
    ]
    out = ["관세청 HS 품목분류 조회 결과 (검색어: 쿠션 팩트, 스킨케어 세트, 화장품)",
           "HSK 10단위 | 품명 | EU 관세 (KR-EU FTA 원산지 충족 시) | 부가세(참고)", ""]
    for code, name, fta, vat in rows:
        out.append(f"{code} | {name} | {fta} | {vat}")
    out += ["", "■ 품목분류 사전심사 사례 (발췌)"]
    cases = [
        ("2019-03-1142", "쿠션 파운데이션(퍼프, 케이스 포함 일체 판매)", "3304.99-9000"),
        ("2020-07-0387", "기초화장품 세트(토너+에멀전, 종이상자 포장)", "3304.99-1000"),
        ("2021-11-2210", "LED 조명 부착 탁상용 화장 거울(리튬이온 배터리 내장)", "8513.10-0000"),
        ("2022-02-0915", "시트 마스크 (부직포에 에센스 함침)", "3304.99-1000"),
        ("2023-05-1730", "립 틴트 (액상, 튜브 용기)", "3304.10-0000"),
    ]
    for no, what, code in cases:
        out.append(f"  사전심사 {no}: {what} → {code}")
        out.append(f"    사유: 관세율표 해석에 관한 통칙 제1호 및 제3호 나목 적용, 주된 특성 기준 분류")
    out += ["", "■ 참고: 세트물품은 통칙 3(나)에 따라 본질적 특성을 부여하는 물품으로 분류",
            "■ 원산지: KR-EU FTA 인증수출자 번호 기재 시 원산지신고서 인보이스 문안으로 대체 가능"]
    for _ in range(130):
        code = f"33{rng.randint(3, 7):02d}.{rng.randint(10, 99)}-{rng.randint(1, 9)}000"
        out.append(f"  관련 조회 이력: {code} ({rng.choice(['2025', '2024'])}-{rng.randint(1, 12):02d}) "
                   f"{rng.choice(['반려', '완료', '완료', '보완요청'])}")
    return "\n".join(out)


def schedule_ko(rng: random.Random, pinned: Sequence[tuple[str, str, str, str, str]]) -> str:
    vessels = ["HMM OSLO", "HMM HELSINKI", "HMM COPENHAGEN", "HMM DUBLIN", "HMM GDANSK",
               "HMM HAMBURG", "MSC AURORA", "ONE APUS", "EVER GIVEN", "CMA CGM TROCADERO",
               "MAERSK ESSEN", "COSCO SHIPPING LEO", "YM WORLD", "OOCL EUROPE"]
    terms = ["PNIT", "PNC", "HJNC", "HPNT", "BNCT"]
    rows = []
    for day in range(9, 32):
        for _ in range(rng.randint(2, 6)):
            v = rng.choice(vessels)
            voy = f"{rng.randint(10, 99):04d}W"
            etd = f"2026-03-{day:02d}" if day <= 31 else "2026-04-01"
            cut = f"2026-03-{max(day - 2, 7):02d} {rng.choice(['12:00', '17:00'])}"
            eta = (datetime_add(etd, rng.randint(36, 46)))
            rows.append([v, voy, rng.choice(terms), cut, etd, "RTM", eta, rng.choice(["Y", "Y", "N"])])
    for p in pinned:
        rows.append([*p[:3], p[3], p[4], "RTM", p[5], "Y"])
    rows.sort(key=lambda r: r[4])
    head = ["VESSEL", "VOY", "TERMINAL", "CY CUT-OFF", "ETD BUSAN", "POD", "ETA", "SPACE"]
    return ("Carrier/forwarder schedule: BUSAN → ROTTERDAM, 2026-03-09 ~ 2026-03-31\n"
            + aligned(head, rows) + "\n* SPACE: Y=available, N=full. Cut-off is CY (full container gate-in).")


def datetime_add(day: str, n: int) -> str:
    import datetime as _dt

    return (_dt.date.fromisoformat(day) + _dt.timedelta(days=n)).isoformat()


def packing_list_ko(rng: random.Random) -> str:
    lines = [
        "RAON COSMETIC CO., LTD. — PACKING LIST (draft v3)",
        "Buyer: Van der Berg Beauty B.V. / Ref: PO-NL-20931",
        "",
        "PLT | SKU | DESCRIPTION | CTNS | PCS/CTN | N.W.(kg) | G.W.(kg) | MEAS(cm)",
    ]
    total_ctns = 0
    total_gw = 0.0
    plan = [49] * 24
    for p in range(1, 25):
        sku, desc, pcs, kg = SKU_KO[(p * 5) % len(SKU_KO)]
        ctns = plan[p - 1]
        total_ctns += ctns
        nw = round(ctns * kg * 0.92, 1)
        gw = round(ctns * kg + 22, 1)
        total_gw += gw
        lines.append(f"{p:02d} | {sku} | {desc} | {ctns} | {pcs} | {nw} | {gw} | 120x80x{rng.randint(150, 170)}")
        for k in range(4):
            sku2, desc2, pcs2, _ = SKU_KO[(p * 3 + k) % len(SKU_KO)]
            lines.append(f"     (mixed) {sku2} {desc2} — {rng.randint(2, 9)} inner boxes x {pcs2} pcs, lot {hexid(rng, 6).upper()}")
    lines += [
        "",
        f"TOTAL: 24 PALLETS / {total_ctns:,} CTNS / G.W. 8,420.0 KG / approx. 46.1 CBM",
        "Marks: VDB / ROTTERDAM / PO-NL-20931 / PLT NO. 1-24 / MADE IN KOREA",
        "Pallet: EUR 1200x800 heat-treated (ISPM-15), stretch wrapped, corner boards",
        "Excluded from this shipment: RC-LED-MIR (LED vanity mirror, Li-ion) — see separate order",
    ]
    return "\n".join(lines)


def bl_draft_ko() -> str:
    return """DRAFT BILL OF LADING — FOR APPROVAL (NOT NEGOTIABLE)
B/L No.: DYFBUS26031187                         Booking No.: DYF2603-11872
SHIPPER:     RAON COSMETIC CO., LTD.
             268, PYEONGTAEKHANG-RO, POSEUNG-EUP, PYEONGTAEK-SI, GYEONGGI-DO, KOREA
CONSIGNEE:   VAN DER BERG BEAUTY B.V.
             WATERMOLENWEG 14, 3077 AB ROTTERDAM, THE NETHERLANDS
             EORI NL8234117690
NOTIFY:      SAME AS CONSIGNEE — ATTN. SANNE BAKKER (LOGISTICS)
PRE-CARRIAGE BY: TRUCK               PLACE OF RECEIPT: PYEONGTAEK, KOREA
VESSEL/VOY:  HMM STOCKHOLM 0049W     PORT OF LOADING: BUSAN NEW PORT, KOREA
PORT OF DISCHARGE: ROTTERDAM, NETHERLANDS   PLACE OF DELIVERY: ROTTERDAM CY
CONTAINER / SEAL: TGHU8812340 / HMM4471029   40'HC   SHIPPER'S LOAD, COUNT & SEAL
NO. OF PKGS: 24 PALLETS (1,176 CARTONS)
DESCRIPTION OF GOODS: COSMETICS (SKIN CARE SETS, CUSHION COMPACTS, TONERS, SERUMS)
                      HS CODE 3304.99 / PO NO. PO-NL-20931 / INVOICE NO. RC-EX-2603-014
GROSS WEIGHT: 8,420.000 KGS        MEASUREMENT: 46.100 CBM
FREIGHT: COLLECT                   PAYABLE AT: DESTINATION
NUMBER OF ORIGINAL B/L: THREE (3)  PLACE AND DATE OF ISSUE: BUSAN, 2026-03-25
REMARKS: KEEP AWAY FROM HEAT. DO NOT STACK ABOVE 2 TIERS. SSCC LABELLED PALLETS.
         SHIPPED ON BOARD DATE: TO BE CONFIRMED
--------------------------------------------------------------------------------
Please confirm or send corrections before 2026-03-24 15:00 KST. After the deadline a
B/L amendment fee of KRW 50,000 applies."""


def route_weather_ko(rng: random.Random) -> str:
    legs = [
        ("BUSAN", "2026-03-25", 9, 14),
        ("SHANGHAI (transit)", "2026-03-27", 11, 17),
        ("NINGBO", "2026-03-28", 12, 18),
        ("SINGAPORE", "2026-04-02", 26, 32),
        ("COLOMBO (passing)", "2026-04-06", 27, 33),
        ("PORT LOUIS (passing)", "2026-04-12", 24, 29),
        ("CAPE OF GOOD HOPE", "2026-04-17", 16, 23),
        ("LAS PALMAS (passing)", "2026-04-25", 17, 22),
        ("ROTTERDAM", "2026-05-01", 7, 15),
    ]
    out = ["HMM STOCKHOLM 0049W — routing & climate outlook (forwarder cargo-care report)",
           "Service FE4 via Cape of Good Hope (Red Sea avoided). ETA ROTTERDAM 2026-05-01 (ECT Delta)",
           "", "LEG | DATE | AMBIENT MIN °C | AMBIENT MAX °C | EST. CONTAINER PEAK °C (dry, on deck / below)"]
    for port, day, lo, hi in legs:
        out.append(f"{port} | {day} | {lo} | {hi} | {hi + rng.randint(12, 18)} / {hi + rng.randint(2, 6)}")
    out += ["", "Daily noon positions (sample):"]
    day = "2026-03-25"
    for i in range(38):
        d = datetime_add(day, i)
        for hh in ("00", "06", "12", "18"):
            lat = round(35 - i * 1.7 + rng.uniform(-1, 1), 1)
            lon = round(129 - i * 3.2 + rng.uniform(-2, 2), 1)
            out.append(f"  {d} {hh}:00  {lat:>6}  {lon:>7}  sea {rng.randint(12, 30)}°C  air {rng.randint(10, 34)}°C  wind {rng.randint(2, 7)} Bft")
    out += ["", "Recommendation: for heat-sensitive cargo request BELOW-DECK stowage (stowage code 'UD').",
            "Thermal container liners reduce peaks by approx. 5-8 °C; reefer not required below 30 °C limit",
            "if below-deck stowage is granted. Carrier accepts 'UD' request subject to availability."]
    return "\n".join(out)


def tariff_rtm_ko() -> str:
    rows = [
        "ECT DELTA TERMINAL — IMPORT TARIFF 2026 (extract) / HMM FE4 local charges Rotterdam",
        "",
        "1. Terminal Handling Charge (import) ............ EUR 265 / 40'",
        "2. Demurrage (carrier, import, dry 40'):",
        "     day 1-7   free",
        "     day 8-12  EUR 85 / day",
        "     day 13-20 EUR 140 / day",
        "     day 21+   EUR 190 / day",
        "3. Detention (carrier equipment outside terminal):",
        "     day 1-7   free",
        "     day 8+    EUR 70 / day",
        "4. Customs scan (if selected) ................... EUR 310 + transport",
        "5. Delivery order fee ........................... EUR 55 / B/L",
        "6. ISPS surcharge ............................... EUR 12 / container",
        "7. Reefer monitoring ............................ n/a (dry)",
        "",
        "Notes:",
        "- Free time starts on the day of discharge.",
        "- Public holidays (2026): 3 Apr Good Friday, 6 Apr Easter Monday, 27 Apr King's Day,",
        "  5 May Liberation Day, 14 May Ascension Day. Free days include weekends and holidays.",
        "- Customs clearance by consignee's broker; T1 transit documents available on request.",
        "- Heavy-weight surcharge above 26,000 kg gross: EUR 150.",
    ]
    for i in range(150):
        rows.append(f"  tariff line {100 + i}: storage zone {['A', 'B', 'C', 'D'][i % 4]}, "
                    f"{['dry', 'flat rack', 'open top', 'tank'][i % 4]} — EUR {20 + i * 3} / day after free period")
    return "\n".join(rows)


def carrier_notice_ko(rng: random.Random) -> str:
    noise = []
    for _ in range(20):
        noise.append(
            f"[2026-03-{rng.randint(12, 19):02d}] {rng.choice(['HMM Korea', 'ECT Rotterdam', '부산항만공사', 'KITA'])} — "
            f"{rng.choice(['Port congestion update', '신항 게이트 운영시간 안내', 'Peak season surcharge notice (Apr)', 'FE4 space situation', '3월 수출 물류 설명회'])}\n"
            f"    {rng.choice(['Please find the attached notice.', '자세한 내용은 첨부 공지를 참고하시기 바랍니다.', 'No action required.'])}"
        )
    notice = """[2026-03-19] HMM Korea Customer Service — [NOTICE] HMM STOCKHOLM 0049W — CY cut-off confirmation
Dear valued customer,
Please be informed of the following for HMM STOCKHOLM 0049W (FE4, Busan New Port PNIT):
  - ETB PNIT: 2026-03-24 22:00 / ETD: 2026-03-25 18:00
  - CY CUT-OFF: 3/23 12:00 (unchanged)
  - SI / VGM cut-off: 2026-03-23 10:00
  - DG cut-off: n/a
  - Gate-in for empty pick-up: from 2026-03-18 09:00
Late gate-in will not be accepted. Container rolled due to late arrival will be charged
as per tariff. Thank you for your continued support."""
    return "\n\n".join(noise[:9] + [notice] + noise[9:])


def export_declaration_ko(rng: random.Random) -> str:
    out = [
        "수출신고필증 (수출이행, 갑지)                    처리기간: 즉시",
        "(1) 신고자: 관세법인 한빛 관세사 박지훈        (5) 신고번호: 41352-26-0300871X",
        "(6) 신고일자: 2026/03/19   (7) 신고구분: H (일반P/L신고)   (8) C/S구분: A",
        "(2) 수출대행자: 라온코스메틱(주)  통관고유부호: 라온코스1-24-1-01-7",
        "    수출화주: 라온코스메틱(주)  사업자등록번호: 000-00-00000",
        "(3) 제조자: 라온코스메틱(주) 평택공장  산업단지부호: 000",
        "(4) 구매자: VAN DER BERG BEAUTY B.V.  구매자부호: NLVANDERB0001",
        "(9) 거래구분: 11 일반형태수출  (10) 종류: A 일반수출  (11) 결제방법: TT 단순송금방식",
        "(12) 목적국: NL NETHERLANDS  (13) 적재항: KRPUS 부산항  (14) 선박회사: HMM",
        "(15) 선박명: HMM STOCKHOLM  (16) 출항예정일자: 2026/03/25  (17) 적재예정보세구역: 03078008",
        "(18) 운송형태: 10 FC  (19) 검사희망일: 2026/03/19",
        "(20) 물품소재지: 경기도 평택시 포승읍 평택항로 268 B동",
        "(21) L/C번호: -  (22) 물품상태: N  (23) 사전임시개청통보여부: N  (24) 반송사유: -",
        "(25) 환급신청인: 1 (수출대행자/수출화주)  (26) 환급구분: 간이정액환급 비대상",
        "-" * 78,
    ]
    items = [
        ("3304.99-1000", "SKIN CARE SET", 4),
        ("3304.99-1000", "TONER/SERUM/CREAM", 3),
        ("3304.99-9000", "CUSHION COMPACT/REFILL", 3),
        ("3304.99-1000", "SUN CREAM", 1),
        ("3304.99-1000", "SHEET MASK", 1),
        ("3304.10-0000", "LIP TINT", 1),
        ("3401.30-0000", "CLEANSING FOAM", 1),
    ]
    for n, (code, name, models) in enumerate(items, 1):
        out.append(f"(란번호/총란수: {n:03d}/007)")
        out.append(f"(27) 품명: COSMETICS  (28) 거래품명: {name}  (29) 상표명: RAON")
        for m in range(models):
            qty = rng.randint(800, 9000)
            price = rng.randint(180, 1500) / 100
            out.append(f"   (30) 모델·규격: {name} TYPE {m + 1}  (31) 성분: -  (32) 수량: {qty} EA  "
                       f"(33) 단가(USD): {price:.2f}  (34) 금액(USD): {qty * price:,.2f}")
        out.append(f"(35) 세번부호: {code}  (36) 순중량: {rng.randint(300, 1400)} KG  (37) 수량: - "
                   f"(38) 신고가격(FOB): $ {rng.randint(9000, 30000):,}")
        out.append("(39) 송품장번호: RC-EX-2603-014  (40) 수입신고번호: -  (41) 원산지: KR-Y-N")
        out.append(f"(42) 포장갯수: {rng.randint(60, 320)} CT  (43) 수출요건확인: -")
        out.append("")
    out += [
        "(44) 총중량: 8,420 KG  (45) 총포장갯수: 24 PL  (46) 총신고가격(FOB): $ 134,380 / ₩ 195,160,074",
        "(47) 운임(₩): 4,298,808  (48) 보험료(₩): 178,000  (49) 결제금액: CIF-USD-139,240.00",
        "(50) 수입화물관리번호: -  (51) 컨테이너번호: TGHU8812340 (Y)",
        "※ 신고인기재란: 한-EU FTA 인증수출자 인증번호 기재, 원산지 인보이스 신고 문안 첨부",
        "(52) 세관기재란: 수리일자 2026/03/19 14:22  담당: 평택세관 수출과",
        "(53) 적재의무기한: 2026/04/18  (54) 담당자: ***  (55) 신고수리일자: 2026/03/19",
    ]
    return "\n".join(out)


def claim_thread_ko(rng: random.Random) -> str:
    msgs = [
        ("2025-07-28", "Van der Berg Beauty — QC", "Claim: PO-NL-18820 damaged goods",
         "Dear Raon team, upon receipt at our DC we found that 6 pallets of Ceramide Cream 70ml "
         "show phase separation, and approx. 9% of the cushion compacts leaked into the case. "
         "Please see the attached photos and the QC report. We request credit for the affected "
         "units."),
        ("2025-07-29", "김서연", "RE: Claim: PO-NL-18820 damaged goods",
         "Dear Anouk, we are very sorry. We will check with our forwarder and the insurer. Could "
         "you please keep the damaged goods for a survey? 로지스 측 확인 부탁드립니다."),
        ("2025-07-30", "한솔로지스 최윤호", "RE: Claim: PO-NL-18820",
         "대리님, 선사 확인 결과 해당 컨테이너는 갑판 위(on deck) 적재였고, 6월 말 인도양 구간에서 "
         "외기가 34도까지 올라갔습니다. 온도 로거가 없어 내부 온도는 확인 불가입니다. 보험은 FOB "
         "조건이라 바이어 측 보험이 적용됩니다."),
        ("2025-08-04", "Van der Berg Beauty — QC", "Survey result",
         "The surveyor concluded that the damage is due to heat exposure during transit. Our "
         "insurer declined the claim: 'inherent vice / temperature not covered (ICC(C))'. We "
         "therefore ask Raon for a credit note of EUR 11,460."),
        ("2025-08-06", "팀장 오정훈", "FW: Survey result",
         "서연씨, 이번 건은 크레딧 처리하고, 다음부터 여름 선적은 온도 관리 방안 꼭 넣읍시다. "
         "로거 없으면 우리도 아무것도 증명 못 함."),
        ("2025-08-12", "김서연", "Credit note CN-2025-031",
         "Dear Anouk, please find attached credit note CN-2025-031 for EUR 11,460. For future "
         "shipments we will review container type and temperature monitoring."),
    ]
    out = ["검색 결과: '클레임 PO-NL-18820' 스레드 (6건) + 관련 메일", ""]
    for d, who, subj, body in msgs:
        out.append(f"[{d}] {who} — {subj}")
        words = body.split()
        row: list[str] = []
        for w in words:
            if len(" ".join([*row, w])) > 90:
                out.append("    " + " ".join(row))
                row = []
            row.append(w)
        out.append("    " + " ".join(row))
        out.append("")
    out.append("첨부: QC_report_PO-NL-18820.pdf — 발췌")
    for i in range(1, 61):
        out.append(f"  sample {i:02d}  lot {hexid(rng, 6).upper()}  SKU {rng.choice(SKU_KO)[0]}  "
                   f"visual: {rng.choice(['OK', 'OK', 'OK', 'separation', 'leak', 'discoloration'])}  "
                   f"viscosity {rng.randint(70, 130)}%")
    return "\n".join(out)


def packing_v4_ko(rng: random.Random) -> str:
    out = ["RAON COSMETIC — PACKING LIST v4 (SSCC added) / PO-NL-20931 / INV RC-EX-2603-014", "",
           "PLT | SSCC (00) | SKU mix | CTNS | G.W. kg | label check"]
    base = 88012345
    for p in range(1, 25):
        serial = f"3{base}{p:08d}"
        digits = [int(x) for x in serial]
        chk = (10 - sum(d * (3 if i % 2 == 0 else 1) for i, d in enumerate(digits)) % 10) % 10
        mix = ", ".join(sorted({rng.choice(SKU_KO)[0] for _ in range(3)}))
        out.append(f"{p:02d} | {serial}{chk} | {mix} | 49 | {round(8420 / 24 + rng.uniform(-9, 9), 1)} | "
                   f"{rng.choice(['2 sides OK', '2 sides OK', '2 sides OK', '1 side - REDO'])}")
        for _ in range(3):
            sku, desc, pcs, _ = rng.choice(SKU_KO)
            out.append(f"       {sku:<13} {desc:<32} {rng.randint(3, 20):>3} ctns x {pcs} pcs  lot {hexid(rng, 6).upper()}")
    out += ["", "TOTAL 24 PLT / 1,176 CTNS / G.W. 8,420.0 KG",
            "Labels: GS1-128, 148x210 mm, two adjacent sides, 400-800 mm from floor"]
    return "\n".join(out)


def freight(out: Path) -> dict[str, Any]:
    rng = random.Random(4471_20931)
    c = Conversation(
        "freight_ko",
        "ko",
        "export logistics: FCL shipment Busan to Rotterdam, forwarder quotes, booking, B/L, customs",
        cues=("잘못", "정정", "수정할게", "아니 ", "다시 말", "착각"),
    )
    c.turn(
        "이번주 로테르담 건 정리 좀 같이 해줘요. 바이어는 Van der Berg Beauty B.V. 이고 PO 번호 "
        "PO-NL-20931. 스킨케어 세트랑 쿠션팩트 섞여있고 팔레트 22개 예상이에요. 조건은 FOB 부산",
        "네, 정리 시작할게요. 지금까지 받은 내용:\n\n"
        "- 바이어: Van der Berg Beauty B.V. (로테르담)\n- PO: PO-NL-20931\n"
        "- 품목: 스킨케어 세트 + 쿠션 팩트 혼적\n- 수량: 팔레트 22개 예상\n- 인코텀즈: FOB 부산\n\n"
        "FOB면 해상운임과 보험은 바이어 부담이고, 우리는 본선 적재까지(내륙운송, 수출통관, "
        "THC)만 책임지면 돼요. 총중량, 부피, 희망 선적일 알려주시면 컨테이너 사이즈랑 "
        "스케줄부터 볼게요.",
        facts=[H("Van der Berg Beauty B.V.", "Van der Berg Beauty"), H("PO-NL-20931")],
    )
    c.turn(
        "총중량 8,420kg 이고 CBM은 대충 46 정도? 유로팔레트(1200x800)라서 40피트 하이큐브 하나면 될것같은데 확인좀",
        "40' 하이큐브 하나면 충분해요.\n\n"
        "- 부피: 40HC 내부 약 76 CBM, 실적재 기준 65~68 CBM이라 46 CBM이면 여유 있어요.\n"
        "- 바닥면적: 유로팔레트(1200×800) 1단 적재 시 40피트에 최대 25개(세로 2열 + 가로 1열 "
        "혼합)까지 들어가요. 22개면 1단으로 충분하고 2단 적재는 안 해도 돼요.\n"
        "- 중량: 8,420kg은 40HC 최대 적재중량(약 26.5톤)에 한참 못 미쳐요.\n\n"
        "다만 화장품은 열에 약하니까 적재 위치나 컨테이너 종류는 따로 보는 게 좋겠어요.",
        facts=[H("8,420kg", "8420kg", "8,420 kg", "8420 kg", "8.4톤")],
    )
    c.turn(
        "ETD 3월 18일로 부킹 요청 들어가 있어요. 포워더 세군데 견적 받았는데 메일 좀 찾아서 비교해줘요",
        "세 군데 견적 비교예요 (부산→로테르담, 40HC 1대):\n\n"
        "| 포워더 | 선사 / T/T | O/F | THC | 내륙운송 | 비고 |\n|---|---|---|---|---|---|\n"
        "| 한솔로지스 | MSC, 약 42일 | USD 3,050 | 320,000원 | 680,000원 | 3/31 선적분까지 |\n"
        "| 대양포워딩 | HMM 직기항, 약 38일 | USD 2,840 (+EBS USD 120) | 310,000원 | 650,000원 | "
        "견적번호 Q-DY-260311-07, 보험 대행 가능 |\n"
        "| KTL Global | ONE, 약 45일, 싱가포르 환적 | USD 2,960 | 330,000원 | 700,000원 | 3/25까지 유효 |\n\n"
        "EBS 포함해도 대양포워딩이 제일 싸고, 직기항에 운송 기간도 가장 짧아요. 환적이 없으면 "
        "화장품 파손이나 고온 노출 위험도 줄어요. 로테르담 free time은 DEM 7일 / DET 7일이에요.",
        tools=[("email_search", {"query": "로테르담 40HC 견적", "since": "2026-03-01"},
                quotes_email_ko(rng))],
        lead="메일함에서 견적 메일 찾아볼게요.",
        facts=[HT("Q-DY-260311-07"), HT("USD 2,840", "2,840달러", "USD2,840", "$2,840"), HT("PNIT")],
    )
    c.turn(
        "ㅇㅋ 대양포워딩으로 진행해요. 정민수 과장님한테 부킹 확정한다고 회신 부탁",
        "대양포워딩 정민수 과장님께 회신 보냈어요: 견적번호 Q-DY-260311-07 기준으로 진행, "
        "40HC 1대, 부산신항 → 로테르담, ETD 3월 18일 희망. S/R 양식은 받는 대로 채워서 "
        "보낼게요.",
        tools=[
            ("send_email",
             {"to": "export@daeyangfwd.com", "subject": "RE: 로테르담 40HC 견적 요청건 (Q-DY-260311-07) - 진행 요청",
              "body": "정민수 과장님, 견적 Q-DY-260311-07 기준으로 부킹 진행 부탁드립니다. "
              "40HC x1, 부산신항-로테르담, ETD 3/18 희망. S/R 양식 부탁드립니다. 라온코스메틱 김서연"},
             "sent: msg-id <a81f02@raoncos.co.kr> 2026-03-11 16:42 KST"),
        ],
        facts=[D("대양포워딩으로 진행", "대양으로 진행", "대양포워딩 진행")],
    )
    c.turn(
        "아 그리고 제품 특성상 컨테이너 안이 30도 넘으면 안 돼요. 크림류는 분리되고 쿠션은 "
        "내용물이 새요. 작년에 한번 당했음",
        "중요한 조건이네요. 컨테이너 내부 30도 넘으면 안 돼요, 이걸 기준으로 잡을게요.\n\n"
        "3월 말 출항이면 희망봉 경유 항로에서 싱가포르~인도양 구간(4월 초)을 지나는데, 외기가 "
        "30~33도이고 갑판 위 드라이 컨테이너 내부는 45도 이상까지 올라갈 수 있어요. 선택지:\n"
        "1. 리퍼 컨테이너(온도 설정 18~25도): 가장 확실하지만 운임이 보통 2배 가까이 들어요.\n"
        "2. 드라이 + 단열 라이너(thermal liner) + 선창 내 적재(below deck) 요청: 비용은 "
        "컨테이너당 수십만 원 수준, 피크 온도를 꽤 낮출 수 있어요.\n"
        "3. 출항 시기를 늦추는 건 의미가 적어요(4월이 더 더움).\n\n"
        "대양포워딩에 리퍼 견적도 같이 받아볼까요?",
        facts=[K("30도 넘으면 안 돼요", "30도 이하", "30°C 이하", "30도를 넘으면 안", "30도 넘으면 안")],
    )
    c.turn(
        "작년 여름 클레임 건 메일 좀 찾아줘요. 팀장님한테 왜 이번엔 온도 신경써야 되는지 설명해야돼서",
        "작년 PO-NL-18820 클레임 스레드 찾았어요. 요약하면:\n\n"
        "- 7월 28일 바이어 QC: 세라마이드 크림 6팔레트 상분리, 쿠션 약 9% 누액\n"
        "- 한솔로지스 확인: 컨테이너가 갑판 위(on deck) 적재, 6월 말 인도양 외기 34도, 온도 "
        "로거 없어서 내부 온도 증명 불가\n"
        "- 서베이 결과 고온 노출 손상, 바이어 보험(ICC(C))은 '온도/고유 하자'로 보상 거절\n"
        "- 결국 우리가 크레딧 노트 CN-2025-031, EUR 11,460 발행\n"
        "- 팀장님 코멘트: 다음부터 여름 선적은 온도 관리 방안 필수, 로거 없으면 증명 불가\n\n"
        "팀장님께는 '작년엔 갑판 적재 + 로거 없음 + 보험 조건이 좁아서 전액 우리 손실이었다, "
        "이번엔 적재 위치·로거·보험 조건을 우리가 정할 수 있다(CIF)'로 설명하면 될 것 같아요.",
        tools=[("email_search", {"query": "클레임 PO-NL-18820"}, claim_thread_ko(rng))],
    )
    c.turn(
        "HS코드 쿠션팩트 몇번이었지? 작년이랑 같은지 확인해줘요",
        "쿠션 팩트(퍼프·케이스 일체 판매)는 3304.99-9000 이에요. 2019년 사전심사 사례도 같은 "
        "번호로 분류했고, 작년 수출 건이랑 동일해요.\n\n"
        "참고로 같이 나가는 품목들:\n- 스킨케어 세트, 토너, 세럼, 시트마스크: 3304.99-1000\n"
        "- 립 틴트: 3304.10-0000\n- 세안폼: 3401.30-0000\n"
        "- LED 거울(배터리 내장)은 화장품이 아니라 8513.10-0000이에요.\n\n"
        "EU 관세는 원산지 요건 충족 시 한-EU FTA로 0%예요. 인보이스에 인증수출자 번호와 "
        "원산지 문안을 넣어야 해요.",
        tools=[("hs_lookup", {"query": "쿠션 팩트 스킨케어 세트 화장품", "country": "EU"},
                hs_lookup_ko(rng))],
        facts=[HT("3304.99-9000", "3304.99-9", "330499-9000", "3304999000")],
    )
    c.turn(
        "바이어 쪽 EORI 번호 받았나? notify party 담당자는 Anouk de Vries로 넣어주면 돼요",
        "네, 3월 9일 Anouk de Vries 메일에 EORI 번호가 있어요: NL8234117690. S/R의 consignee "
        "란에 EORI NL8234117690을 넣고, notify party 담당자는 Anouk de Vries로 적을게요. 주소는 "
        "Watermolenweg 14, 3077 AB Rotterdam이에요.",
        tools=[
            ("email_search", {"query": "EORI Van der Berg"},
             "[2026-03-09] Anouk de Vries <a.devries@vanderbergbeauty.nl> — RE: PO-NL-20931 shipping docs\n"
             "Hi Seoyeon,\nThanks for the order confirmation. Please find our details for the documents:\n"
             "  Van der Berg Beauty B.V.\n  Watermolenweg 14, 3077 AB Rotterdam, The Netherlands\n"
             "  VAT NL859310442B01\n  EORI NL8234117690\n"
             "Please send the draft invoice and packing list before shipment, our broker needs them for "
             "the import declaration. Also a reminder that our DC only accepts pallets with SSCC labels.\n"
             "Kind regards, Anouk\n\n"
             "[2026-03-04] Anouk de Vries — RE: price list 2026 Q2\n    Thanks, we will revert next week.\n\n"
             "[2026-02-21] Van der Berg Beauty purchasing — PO-NL-20931\n    Please find attached our "
             "purchase order PO-NL-20931."),
        ],
        facts=[HT("NL8234117690")],
    )
    c.turn(
        "방금 바이어랑 통화했는데 FOB 말고 CIF 로테르담으로 가기로 했어요. 운임 보험 다 우리가 하는걸로. 단가는 그만큼 올려받기로 함",
        "알겠어요, 인코텀즈가 FOB 부산에서 CIF 로테르담으로 바뀌었어요. 달라지는 점:\n\n"
        "- 해상운임(대양 O/F USD 2,840 + EBS)과 적하보험을 우리가 부담하고 수배해요.\n"
        "- B/L은 'FREIGHT PREPAID'로 나와야 해요.\n"
        "- 보험증권(CIF는 최소 ICC(C), 송장금액의 110%)을 우리가 발행해서 넘겨줘야 해요.\n"
        "- 위험 이전 시점은 FOB와 같아요 (본선 적재 시). 운송 중 사고는 바이어가 보험으로 "
        "청구하지만, 보험 조건은 우리가 정하는 거예요.\n\n"
        "인보이스 가격 조건과 PI도 CIF로 다시 발행해야 해요.",
        fix=[("FOB 부산", "CIF 로테르담")],
    )
    c.turn(
        "보험은 ICC(A)로 하고 송장금액 110%로 들어줘요. 대양 통해서 하면 되죠?",
        "네, 대양포워딩 보험 대행 요율이 ICC(A) 기준 0.08%였어요. 송장금액 110%로 가입하면 "
        "인보이스 금액이 확정되는 대로 보험료 계산해서 알려드릴게요. CIF 최소 조건(ICC(C))보다 "
        "넓은 전위험 담보라서 화장품 파손, 누액 같은 것도 보상 대상이 돼요(다만 포장 불량이나 "
        "온도 자체로 인한 변질은 면책일 수 있으니 약관 확인 필요).",
        facts=[D("ICC(A)", "ICC (A)", "ICC A"), H("110%", "110 %")],
    )
    c.turn(
        "포장팀에서 연락왔는데 쿠션 추가분 들어가서 팔레트 24개예요",
        "반영했어요: 팔레트 22개에서 팔레트 24개로. 유로팔레트 1단 적재 최대가 25개라서 40HC "
        "하나에 아직 들어가지만 여유가 1개뿐이에요. 포장팀에 팔레트 높이를 170cm 이하로 "
        "맞춰달라고 해주세요(2단 적재 안 하는 조건이니 높이는 괜찮아요). 총중량이 바뀌면 "
        "VGM 신고 때문에 알려주셔야 해요.",
        fix=[("팔레트 22개", "팔레트 24개")],
    )
    c.turn(
        "부산 신항 스케줄 좀 봐줘요, 18일 배 터미널이랑 컷오프",
        "3월 18일 출항 HMM 배는 HMM OSLO예요. 부산신항 PNIT 터미널, CY 컷오프는 3월 16일(월) "
        "12:00예요. 대양 견적의 FE4 서비스랑 터미널(PNIT)이 일치해요. 같은 서비스 다음 배는 "
        "3월 25일 HMM STOCKHOLM (PNIT)이고요.",
        tools=[("vessel_schedule", {"pol": "KRPUS", "pod": "NLRTM", "from": "2026-03-09", "to": "2026-03-31"},
                schedule_ko(rng, [("HMM OSLO", "0047W", "PNIT", "2026-03-16 12:00", "2026-03-18", "2026-04-25"),
                                  ("HMM STOCKHOLM", "0049W", "PNIT", "2026-03-23 12:00", "2026-03-25", "2026-05-01")]))],
    )
    c.turn(
        "VGM 신고는 누가 하는거예요? 작년엔 포워더가 알아서 했던거 같은데",
        "VGM(Verified Gross Mass)은 SOLAS 규정상 화주(shipper) 책임이에요. 실무에서는 "
        "포워더나 운송사가 대신 신고해주는 경우가 많아요:\n\n"
        "- 방법 1: 컨테이너를 계근대에서 통째로 계량 (운송사가 부두 들어가기 전에 처리)\n"
        "- 방법 2: 화물 중량(팔레트, 포장재 포함) + 컨테이너 자체 중량(tare, 40HC 약 3,900kg)을 "
        "합산해서 신고\n\n"
        "우리는 방법 2가 편해요: 8,420kg + 컨테이너 tare. 서명권자(우리 회사 담당자) 이름으로 "
        "SI 마감 전에 대양에 보내면 대양이 선사에 전송해요. 작년에도 아마 이렇게 하셨을 거예요.",
    )
    c.turn(
        "토요일 상차는 안 돼요, 창고에 토요일엔 지게차 기사님이 안 나오셔서",
        "알겠어요, 토요일 상차는 안 돼요. 상차 일정은 평일로만 잡을게요. 18일 배 기준이면 "
        "컷오프가 16일(월) 12:00이라 상차는 13일(금)이나 16일 아침인데, 16일 아침 상차는 "
        "평택에서 신항까지 4시간 걸려서 빠듯해요. 13일 금요일 상차를 추천해요.",
        facts=[K("토요일 상차는 안 돼요", "토요일 상차 불가", "토요일 상차 안 됨", "토요일 상차 안 돼",
                 "토요일에는 상차")],
    )
    c.turn(
        "리튬배터리 들어간 LED 거울은 이번 선적에서 빼요. DG 서류 준비할 시간이 없음",
        "네, LED 거울은 이번 선적에서 빼요. 리튬이온 배터리 내장 제품은 UN3481(장비 내장 "
        "배터리)로 해상 위험물 신고가 필요할 수 있어서, 일반 화장품과 같이 가면 서류가 "
        "훨씬 복잡해져요. 포장팀에 팔레트 구성에서 RC-LED-MIR 빼달라고 전달할게요. 바이어에게도 "
        "해당 품목은 별도 출고라고 미리 알려두는 게 좋겠어요.",
        facts=[D("LED 거울은 이번 선적에서 빼요", "LED 거울 제외", "LED 거울은 제외",
                 "LED 거울은 빼", "LED 거울을 빼")],
    )
    c.turn(
        "대양에서 부킹 컨펌 왔어요? 부킹번호 알려줘요",
        "네, 오늘 오전에 왔어요. 부킹번호 DYF2603-11872, HMM OSLO 0047W, ETD 3/18, 40HC 1대. "
        "빈 컨테이너 반출은 3월 12일부터 가능하고, SI/VGM 마감은 3월 16일 10:00예요.",
        tools=[
            ("email_search", {"query": "대양포워딩 부킹 컨펌"},
             "[2026-03-12] 대양포워딩 <export@daeyangfwd.com> — [BOOKING CONFIRMATION] 라온코스메틱 / RTM\n"
             "김서연 대리님, 부킹 확정되어 안내드립니다.\n"
             "  BOOKING NO : DYF2603-11872\n  CARRIER    : HMM\n  VESSEL/VOY : HMM OSLO 0047W\n"
             "  POL / POD  : BUSAN NEW PORT (PNIT) / ROTTERDAM (ECT DELTA)\n"
             "  ETD / ETA  : 2026-03-18 / 2026-04-25\n  EQUIPMENT  : 40HC x 1\n"
             "  EMPTY P/UP : 2026-03-12 부터, 부산신항 HMM 지정 CY\n"
             "  SI / VGM   : 2026-03-16 10:00\n  CY CUT     : 2026-03-16 12:00\n"
             "  REMARK     : below-deck stowage 요청 접수 (선사 확정 아님)\n감사합니다. 정민수 드림\n\n"
             "[2026-03-12] HMM e-Service — Booking received DYF2603-11872\n    This is an automated message."),
        ],
        facts=[HT("DYF2603-11872")],
    )
    c.turn(
        "헐 선사에서 롤오버됐대요. 3월 25일 배로 밀렸어요 ㅠㅠ 바이어한테 뭐라고 하지",
        "아쉽네요. ETD가 3월 18일에서 3월 25일로 밀렸어요. 같은 FE4 서비스의 다음 배일 "
        "가능성이 높고, 그러면 ETA 로테르담은 5월 1일 전후예요. 정리하면:\n\n"
        "- 부킹번호(DYF2603-11872)는 보통 유지되고 배만 바뀌어요. 대양에 확인 요청할게요.\n"
        "- 상차 일정도 다시 잡아야 해요 (토요일 상차 안 되는 조건 그대로).\n"
        "- 바이어에게는: 선사 사정(스페이스 부족)으로 1주 롤오버, 새 ETD 3월 25일, ETA 약 "
        "5월 1일, 부킹은 확보돼 있다는 내용으로 짧게 알리면 돼요. CIF라 운임 추가는 없어요.",
        fix=[("3월 18일", "3월 25일")],
    )
    c.turn(
        "새 배 컷오프 확인해줘요",
        "HMM STOCKHOLM 0049W (PNIT): CY 컷오프 3/23 12:00 (월요일), ETD 3월 25일, ETA 로테르담 "
        "2026-05-01. 3월 21일이 토요일이라 상차는 20일(금)이나 23일(월) 아침인데, 23일 아침은 "
        "컷오프가 정오라 너무 빠듯해요. 20일 금요일 상차를 추천해요.",
        tools=[("vessel_schedule", {"pol": "KRPUS", "pod": "NLRTM", "vessel": "HMM STOCKHOLM"},
                "HMM STOCKHOLM 0049W (FE4)\n"
                + aligned(["PORT", "TERMINAL", "CY CUT-OFF", "SI CUT-OFF", "ETB", "ETD"],
                          [["BUSAN NEW PORT", "PNIT", "3/23 12:00", "3/23 10:00", "3/24 22:00", "3/25 18:00"],
                           ["SHANGHAI", "YANGSHAN", "-", "-", "3/27 06:00", "3/28 02:00"],
                           ["NINGBO", "MEISHAN", "-", "-", "3/28 20:00", "3/29 14:00"],
                           ["SINGAPORE", "PASIR PANJANG", "-", "-", "4/02 08:00", "4/03 01:00"],
                           ["ROTTERDAM", "ECT DELTA", "-", "-", "5/01 04:00", "5/02 10:00"]]))],
        facts=[HT("3/23 12:00", "3월 23일 12:00", "3월 23일 정오", "2026-03-23 12:00"),
               HT("HMM STOCKHOLM 0049W", "HMM STOCKHOLM")],
    )
    c.turn(
        "상차는 3월 20일 금요일 오후 2시로 잡아줘요. 운송사는 대양에서 붙여주는 데로",
        "3월 20일 금요일 오후 2시 상차로 대양에 요청할게요. 평택에서 오후 2시 상차 후 바로 "
        "출발하면 그날 저녁 신항 도착이라 컷오프(3/23 12:00)까지 여유가 충분해요. 셔틀 "
        "운송은 대양 지정 운송사로, 빈 컨테이너는 20일 오전에 창고로 들어오게 할게요.",
        facts=[H("3월 20일 금요일 오후 2시", "3/20 14:00", "3월 20일 14시", "20일 금요일 오후 2시")],
    )
    c.turn(
        "창고 주소는 경기도 평택시 포승읍 평택항로 268 라온 물류센터 B동이에요. 도크 3번으로 오라고 해줘요",
        "운송 오더에 넣었어요: 상차지 경기도 평택시 포승읍 평택항로 268 라온 물류센터 B동, 도크 "
        "3번, 3월 20일(금) 14:00. 기사님 연락처는 배차되면 알려준대요.",
        tools=[
            ("tms_order", {"action": "create_pickup", "booking": "DYF2603-11872",
                           "address": "경기도 평택시 포승읍 평택항로 268 라온 물류센터 B동 (도크 3)",
                           "time": "2026-03-20 14:00", "equipment": "40HC"},
             "pickup order created: TO-260320-0457 · status PENDING_DISPATCH"),
        ],
        facts=[H("평택항로 268 라온 물류센터 B동", "평택항로 268", "라온 물류센터 B동")],
    )
    c.turn(
        "배차 됐나? 컨테이너 번호 나왔으면 알려줘요",
        "배차됐어요. 컨테이너 번호 TGHU8812340 (40HC), 씰 번호 HMM4471029. 기사님은 "
        "한진운수 이○○ 기사님(차량 부산 99사 1234)이고, 20일 오전 11시에 빈 컨테이너를 "
        "들고 물류센터에 도착 예정이에요.",
        tools=[("tms_order", {"action": "status", "order": "TO-260320-0457"},
                "order TO-260320-0457 · status DISPATCHED\n"
                "  carrier: 한진운수 · driver: 이○○ 010-****-5521 · truck 부산99사1234\n"
                "  empty pick-up: HMM 지정 CY (신항) 2026-03-20 06:30 — DONE\n"
                "  container: TGHU8812340 (45G1 / 40HC) tare 3,880 kg · seal HMM4471029\n"
                "  ETA pickup site: 2026-03-20 11:00 · loading window 14:00-17:00 (dock 3)\n"
                "  gate-in PNIT planned: 2026-03-20 21:30\n"
                "events:\n"
                + "\n".join(f"  2026-03-20 0{h}:{m:02d} GPS ping lat 35.{rng.randint(1000, 9999)} lon 128.{rng.randint(1000, 9999)}"
                            for h, m in [(6, 40), (7, 5), (7, 30), (7, 55), (8, 20), (8, 45), (9, 10)]))],
        facts=[HT("TGHU8812340", "TGHU 8812340", "TGHU 881234-0"), HT("HMM4471029")],
    )
    c.turn(
        "패킹리스트 v3 올라왔어요 한번 봐줘요. 이상한거 있으면 말해주고",
        "패킹리스트 v3 확인했어요. 24 팔레트, 1,176 CTNS, G.W. 8,420.0 KG, 약 46.1 CBM로 "
        "지금까지 받은 숫자와 일치해요. LED 거울(RC-LED-MIR)도 이번 선적에서 제외됐다고 "
        "명시돼 있어요. 화인(shipping marks)에 PO-NL-20931이 들어가 있고, 팔레트는 ISPM-15 "
        "열처리라 EU 수입 문제없어요.\n\n"
        "눈에 띄는 점 두 가지:\n- 팔레트별 N.W. 합계가 G.W.의 약 70%인데 팔레트/포장재 무게 "
        "치고는 차이가 커요. 포장팀에 한 번 확인해보세요.\n"
        "- 바이어가 SSCC 라벨을 요구했는데 리스트엔 SSCC 번호 칸이 없어요.",
        tools=[("doc_read", {"path": "수출/2026/RTM_PO-NL-20931/packing_list_v3.xlsx"},
                packing_list_ko(rng))],
        facts=[HT("1,176 CTNS", "1176 CTNS", "1,176 cartons", "1,176 카톤", "1176 카톤")],
    )
    c.turn(
        "수출신고는 관세법인 한빛 박지훈 관세사님이 해주세요. 번호 010-4417-2093, 서류 보내드려요",
        "박지훈 관세사님(관세법인 한빛, 010-4417-2093)께 수출신고용 서류 보냈어요: 커머셜 "
        "인보이스(CIF 조건), 패킹리스트 v3, 부킹 컨펌. 3월 20일 상차 전까지 수출신고 수리가 "
        "나와야 해서 19일까지 처리 부탁드린다고 적었어요.",
        tools=[
            ("send_email",
             {"to": "jh.park@hanbitcustoms.kr", "subject": "[라온코스메틱] 수출신고 의뢰 - RTM PO-NL-20931",
              "body": "박지훈 관세사님, 수출신고 의뢰드립니다. 첨부: CI, PL v3, 부킹 컨펌. 상차 3/20, "
              "19일까지 수리 부탁드립니다. HS 3304.99 외. 김서연 드림"},
             "sent: msg-id <c44e19@raoncos.co.kr> 2026-03-17 10:05 KST"),
        ],
        facts=[H("박지훈"), H("010-4417-2093", "01044172093", "010 4417 2093")],
    )
    c.turn(
        "한빛에서 수출신고 수리됐다고 필증 보내왔어요. 틀린거 없나 봐줘요",
        "수출신고필증 확인했어요. 신고번호 41352-26-0300871X, 3월 19일 14:22 수리(평택세관).\n\n"
        "맞는 항목: 구매자 VAN DER BERG BEAUTY B.V., 목적국 NL, 선박명 HMM STOCKHOLM, 출항예정 "
        "2026/03/25, 총중량 8,420 KG, 24 PL, 송품장 RC-EX-2603-014, 결제금액 CIF USD 139,240.00, "
        "세번은 3304.99-1000 / 3304.99-9000 / 3304.10 / 3401.30으로 나뉘어 있어요.\n\n"
        "확인할 점: 적재의무기한이 2026/04/18이라 이번 배에 실리면 문제없지만, 또 롤오버되면 그 "
        "전에 실려야 해요. 그리고 물품소재지 주소에 '라온 물류센터'가 빠지고 'B동'만 있는데 "
        "실무상 문제는 없어요.",
        tools=[("doc_read", {"path": "수출/2026/RTM_PO-NL-20931/수출신고필증_41352.pdf"},
                export_declaration_ko(rng))],
        facts=[HT("41352-26-0300871X")],
    )
    c.turn(
        "아 잘못 말했다, notify 담당자는 Anouk de Vries 말고 Sanne Bakker요. Anouk은 구매고 통관은 Sanne이 해요",
        "수정할게요: notify party 담당자는 Sanne Bakker (logistics). S/R에 'ATTN. SANNE BAKKER "
        "(LOGISTICS)'로 바꿔서 대양에 다시 보냈어요. 구매 쪽 연락은 계속 기존 메일 스레드로 "
        "하면 돼요.",
        tools=[
            ("send_email",
             {"to": "export@daeyangfwd.com", "subject": "DYF2603-11872 S/R 수정 (notify party)",
              "body": "정민수 과장님, notify party를 'SAME AS CONSIGNEE - ATTN. SANNE BAKKER (LOGISTICS)'로 "
              "수정 부탁드립니다. 감사합니다."},
             "sent: msg-id <c4501a@raoncos.co.kr> 2026-03-17 11:20 KST"),
        ],
        fix=[("Anouk de Vries", "Sanne Bakker")],
    )
    c.turn(
        "비엘 드래프트 왔어요 체크 부탁해요",
        "B/L 드래프트(DYFBUS26031187) 확인했어요. 대부분 맞는데 하나 꼭 고쳐야 해요:\n\n"
        "- FREIGHT: COLLECT / PAYABLE AT DESTINATION → CIF로 바뀌었으니 'FREIGHT PREPAID', "
        "PAYABLE AT BUSAN으로 수정 필요. 이대로 나가면 로테르담에서 "
        "바이어에게 운임이 청구될 수 있어요.\n\n"
        "확인된 항목: 선명 HMM STOCKHOLM 0049W, 컨테이너/씰 TGHU8812340 / HMM4471029, 24 "
        "PALLETS (1,176 CARTONS), G.W. 8,420 KGS, notify ATTN. SANNE BAKKER, EORI, HS 3304.99, "
        "PO 번호. 인보이스 번호는 RC-EX-2603-014로 들어가 있는데 맞는지 확인해주세요. 수정 "
        "마감은 3월 24일 15:00, 그 뒤엔 정정 수수료 5만 원이에요.",
        tools=[("doc_read", {"path": "수출/2026/RTM_PO-NL-20931/BL_draft_DYFBUS26031187.pdf"},
                bl_draft_ko())],
        facts=[HT("DYFBUS26031187")],
    )
    c.turn(
        "인보이스 번호 RC-EX-2603-014 맞아요. 프레이트 프리페이드로 고쳐달라고 메일 보내줘요",
        "보냈어요: B/L DYFBUS26031187, FREIGHT COLLECT → FREIGHT PREPAID, PAYABLE AT BUSAN으로 "
        "정정 요청, 나머지 항목은 확인 완료, 인보이스 번호 RC-EX-2603-014 맞음. 정정본 받으면 "
        "다시 한 번 볼게요.",
        tools=[
            ("send_email",
             {"to": "export@daeyangfwd.com", "subject": "B/L DRAFT DYFBUS26031187 - 정정 요청",
              "body": "FREIGHT: COLLECT -> PREPAID, PAYABLE AT: BUSAN 으로 정정 부탁드립니다 (CIF 조건). "
              "인보이스 번호 RC-EX-2603-014 확인. 그 외 이상 없음."},
             "sent: msg-id <c47b3d@raoncos.co.kr> 2026-03-18 09:12 KST"),
        ],
        facts=[H("RC-EX-2603-014")],
    )
    c.turn(
        "USD 2,840 원화로 얼마쯤이에요? 팀장님이 물어봐서",
        "오늘 서울외국환중개 매매기준율 1 USD = 1,452.30원 기준으로 USD 2,840은 약 "
        "4,124,532원이에요. EBS USD 120까지 합치면 USD 2,960, 약 4,298,808원이에요. "
        "운임은 보통 B/L 발행일 환율로 정산하니까 실제 금액은 조금 다를 수 있어요.",
        tools=[("calc", {"expr": "2840*1452.30; 2960*1452.30"},
                "4124532.0\n4298808.0\n(rate source: 서울외국환중개 매매기준율 2026-03-18 09:00, 1 USD = 1,452.30 KRW)")],
    )
    c.turn(
        "리퍼는 너무 비싸요 대양이 리퍼 USD 5,900 부름. 일반 드라이에 단열 라이너 까는 걸로 하죠. below deck 요청도 다시 넣어주고",
        "좋아요, 리퍼 대신 일반 드라이 + 단열 라이너로 갈게요. 리퍼 USD 5,900이면 드라이보다 "
        "USD 3,000 넘게 비싸니까 합리적이에요. 대양에 요청할 것:\n"
        "- 40HC용 단열 라이너 설치 (상차 전 창고에서 설치, 보통 40~60만 원대)\n"
        "- below deck(UD) 적재 재요청, 가능하면 선사 확정까지\n"
        "- 온도 로거 1~2개 컨테이너 안에 넣기 (보험 클레임 대비 증빙)\n\n"
        "30도 넘으면 안 되는 조건이 있으니 로거는 꼭 넣는 걸 추천해요.",
        facts=[D("단열 라이너 까는 걸로", "단열 라이너", "thermal liner")],
    )
    c.turn(
        "항로 온도 예상 자료 대양이 보내준거 있는데 한번 봐줘요. 라이너로 괜찮을까",
        "대양 cargo-care 리포트 기준이에요. 희망봉 경유, ETA 로테르담 2026-05-01.\n\n"
        "가장 더운 구간은 싱가포르~콜롬보(4월 2~6일)로 외기 최고 32~33도예요. 리포트 추정으로 "
        "갑판 위 드라이 컨테이너 내부는 45도 넘게, 선창 내(below deck)는 35~38도까지 올라가요. "
        "단열 라이너가 피크를 5~8도 낮춰주니 below deck + 라이너 조합이면 30도 근처까지 "
        "내려오는데, 30도 넘으면 안 되는 조건엔 여유가 거의 없어요.\n\n"
        "결론: below deck 확정이 핵심이에요. 선사가 확정 못 해주면 리퍼를 다시 검토하는 게 "
        "안전해요.",
        tools=[("doc_read", {"path": "수출/2026/RTM_PO-NL-20931/cargo_care_HMM_STOCKHOLM.pdf"},
                route_weather_ko(rng))],
    )
    c.turn(
        "바이어가 팔레트마다 SSCC 라벨 꼭 붙이래요, 없으면 DC에서 입고 거부한대요",
        "알겠어요, SSCC 라벨은 필수로 잡을게요. 팔레트 24개 각각 GS1 SSCC(18자리) 라벨을 두 "
        "면에 붙여야 하고, 바이어 쪽에 DESADV(사전 출하 통지)로 SSCC 번호와 팔레트 내용을 "
        "보내는 경우가 많아요. 우리 GS1 회사코드로 SSCC 번호를 생성하고, 패킹리스트 v4에 "
        "팔레트별 SSCC 칸을 추가해야 해요. 상차일(3/20) 전에 물류센터에서 라벨 작업이 끝나야 해요.",
        facts=[K("SSCC 라벨", "SSCC label")],
    )
    c.turn(
        "물류센터에서 SSCC 넣은 패킹리스트 v4 보냈대요. 라벨 붙인것도 체크했다는데 봐줘요",
        "v4 확인했어요. 24 팔레트 모두 SSCC 18자리 번호가 들어갔고 체크디지트도 계산해보니 "
        "맞아요. 합계 1,176 CTNS, G.W. 8,420.0 KG로 v3과 같아요.\n\n"
        "다만 라벨 체크 칸에 '1 side - REDO'로 표시된 팔레트가 몇 개 있어요. 바이어 DC는 "
        "두 면 부착이 조건이라 상차 전에 다시 붙여야 해요. 물류센터에 해당 팔레트 번호 "
        "전달할까요?",
        tools=[("doc_read", {"path": "수출/2026/RTM_PO-NL-20931/packing_list_v4_sscc.xlsx"},
                packing_v4_ko(rng))],
    )
    c.turn(
        "결제조건은 T/T로 30% 선금, 나머지 70%는 B/L 사본 받고예요. 선금 들어왔는지 봐줄래요?",
        "네, 3월 16일에 선금 입금됐어요. USD 41,772.00, 송금인 VAN DER BERG BEAUTY B.V., 참조 "
        "PO-NL-20931 DEPOSIT 30%. 인보이스 총액 USD 139,240의 정확히 30%예요. 잔금 70% "
        "(USD 97,468)은 B/L 사본 발송 후 받으면 돼요.",
        tools=[("email_search", {"query": "해외송금 입금 통지 VAN DER BERG"},
                "[2026-03-16] 우리은행 외환 — [해외송금 입금 통지]\n"
                "  입금일: 2026-03-16\n  송금인: VAN DER BERG BEAUTY B.V. / ABN AMRO BANK N.V.\n"
                "  금액: USD 41,772.00\n  수수료: USD 15.00 (수취인 부담)\n"
                "  송금 메시지: PO-NL-20931 DEPOSIT 30% INV PI-2603-014\n"
                "  입금계좌: 라온코스메틱 외화보통 ***-***-**4417\n\n"
                "[2026-03-02] 우리은행 외환 — [해외송금 입금 통지]\n"
                "  송금인: BEAUTYHUB GMBH / 금액: USD 18,300.00 / 메시지: INV RC-EX-2602-009\n\n"
                "[2026-02-24] 우리은행 외환 — 환율 우대 쿠폰 안내\n    외화 환전 시 최대 80% 우대..."
                )],
        facts=[H("30% 선금", "선금 30%", "30% deposit"), HT("USD 41,772.00", "USD 41,772", "41,772달러")],
    )
    c.turn(
        "로테르담 도착하면 free time 얼마였지? 바이어가 물어봄. 그리고 디머리지 얼마씩 나와요",
        "로테르담 free time은 DEM 7일 / DET 7일이에요 (combined 아님, 각각). ECT Delta 요금표 "
        "기준 디머리지는 8~12일차 하루 EUR 85, 13~20일차 EUR 140, 21일차부터 EUR 190이에요. "
        "디텐션은 8일차부터 하루 EUR 70. 도착일이 5월 1일(금)이고 free time엔 주말과 공휴일이 "
        "포함되는데, 5월 5일이 네덜란드 해방기념일이라 바이어 통관이 늦어질 수 있다고 "
        "알려주면 좋겠어요.",
        tools=[("doc_read", {"path": "수출/참고/ECT_Delta_import_tariff_2026.pdf"}, tariff_rtm_ko())],
    )
    c.turn(
        "선사 공지 떴다던데 컷오프 바뀐거 아니죠?",
        "안 바뀌었어요. 3월 19일 HMM 공지: HMM STOCKHOLM 0049W, CY 컷오프 3/23 12:00 그대로, "
        "SI/VGM 마감 3월 23일 10:00, ETD 3월 25일 18:00. 우리는 20일 밤 반입 예정이라 "
        "문제없어요.",
        tools=[("email_search", {"query": "HMM STOCKHOLM cut-off notice"}, carrier_notice_ko(rng))],
    )
    c.turn(
        "보험료 얼마 나와요? 인보이스 총액 USD 139,240 기준으로",
        "ICC(A), 송장금액 110% 기준이면 보험가액 USD 153,164, 요율 0.08% 적용 시 보험료 "
        "USD 122.53이에요. 원화로 약 178,000원. 대양에 가입 요청하면서 보험증권은 배서해서 "
        "바이어에게 원본 보낼게요.",
        tools=[("calc", {"expr": "139240*1.1; 139240*1.1*0.0008"}, "153164.0\n122.5312")],
    )
    c.turn(
        "ㅇㅋ 가입해줘요",
        "대양에 적하보험 가입 요청했어요: ICC(A), 보험가액 USD 153,164 (송장금액 110%), "
        "피보험자 라온코스메틱(배서 양도), 선명 HMM STOCKHOLM 0049W, B/L DYFBUS26031187. "
        "증권 발행되면 PDF로 받을게요.",
        tools=[
            ("send_email",
             {"to": "export@daeyangfwd.com", "subject": "적하보험 가입 요청 - DYF2603-11872",
              "body": "ICC(A), 보험가액 USD 153,164 (CIF 110%), B/L DYFBUS26031187, HMM STOCKHOLM 0049W. "
              "증권 원본은 배서 부탁드립니다."},
             "sent: msg-id <c49a0e@raoncos.co.kr> 2026-03-18 15:30 KST"),
        ],
    )
    c.turn(
        "팀장님이 다음달 함부르크 건도 대양으로 하자는데 괜찮을까요? 솔직한 의견",
        "이번 건 기준으로는 괜찮은 편이에요. 장점: 운임이 세 군데 중 제일 쌌고(USD 2,840), "
        "직기항 서비스, 응답이 빠르고 보험 대행까지 한 번에 돼요. 아쉬운 점: 롤오버를 출항 "
        "며칠 전에야 알려줬고, B/L 드래프트에 인코텀즈 변경(프리페이드)이 반영 안 됐어요. "
        "함부르크 건은 대양으로 하되 한솔에도 견적은 받아서 비교하고, 부킹 때 롤오버 시 "
        "통보 기한을 조건으로 요청해보세요.",
    )
    c.turn(
        "라이너 설치랑 로거 견적 왔어요? 대양이 보낸다던데",
        "왔어요. 단열 라이너(40HC용, 알루미늄 버블 타입) 설치 포함 480,000원, 온도 로거 2개 "
        "(USB, 10분 간격 기록) 개당 35,000원. 설치는 20일 오전, 빈 컨테이너가 물류센터에 "
        "도착하는 11시 직후에 해서 오후 2시 상차에 지장 없대요.",
        tools=[("email_search", {"query": "단열 라이너 로거 견적"},
                "[2026-03-19] 대양포워딩 — RE: 단열 라이너/로거 견적\n"
                "  1) Thermal liner 40'HC (metallised bubble, 2-layer) 설치 포함: KRW 480,000\n"
                "  2) Temperature data logger (USB PDF, 10 min interval, 90 days): KRW 35,000 x 2\n"
                "  3) 설치 일정: 2026-03-20 11:30~13:00 (상차 전)\n"
                "  4) Below deck: 선사 'UD' 요청 재접수, 3/23 확정 예정\n정민수 드림")],
    )
    c.turn(
        "좋아요 진행. 근데 below deck 확정 안되면 어떡하죠",
        "플랜 B를 미리 정해두는 게 좋아요:\n"
        "1. 3/23 오전까지 UD 확정이 안 오면: 대양에 리퍼로 교체 가능한지 확인 (반입이 20일 "
        "밤이라 교체하면 재작업 필요, 현실적으로 어려워요).\n"
        "2. 현실적인 대안: 선적은 그대로 하고, 로거 데이터와 ICC(A) 보험으로 리스크를 커버.\n"
        "3. 바이어에게 미리 공유: 열에 민감한 화물이라 UD 요청했고 라이너와 로거 설치했다고.\n\n"
        "30도 넘으면 안 되는 조건을 생각하면, 다음 선적부터는 4~9월엔 리퍼를 기본으로 "
        "검토하는 걸 추천해요.",
    )
    c.turn(
        "알겠어요. 바이어한테 보낼 선적 안내 메일 초안 영어로 써줘요",
        "Subject: PO-NL-20931 — shipment details (ETD Busan 25 Mar)\n\n"
        "Dear Sanne,\n\n"
        "Please find the shipment details for PO-NL-20931:\n"
        "- Vessel: HMM STOCKHOLM 0049W, ETD Busan 25 March, ETA Rotterdam (ECT Delta) 1 May 2026\n"
        "- Container: TGHU8812340 (40'HC), seal HMM4471029\n"
        "- 24 pallets / 1,176 cartons / G.W. 8,420 kg, SSCC labels on every pallet\n"
        "- Terms: CIF Rotterdam, freight prepaid, cargo insured ICC(A) at 110% of invoice value\n"
        "- Invoice RC-EX-2603-014; B/L DYFBUS26031187 (copy to follow on issue)\n"
        "- Heat-sensitive cargo: thermal liner and two temperature loggers inside; below-deck "
        "stowage requested.\n\n"
        "Free time in Rotterdam is 7 days demurrage / 7 days detention. Please note the original "
        "ETD of 18 March was rolled by the carrier.\n\nBest regards,\nSeoyeon Kim\nRaon Cosmetic",
    )
    c.turn(
        "굿. 근데 마지막 줄 롤오버 얘기는 빼줘요 굳이",
        "빼는 게 낫겠네요. 마지막 문단을 'Free time in Rotterdam is 7 days demurrage / 7 days "
        "detention.'까지만 두고 롤오버 문장은 지웠어요. 나머지는 그대로예요.",
    )
    c.turn(
        "포장팀장님이 묻는데 팔레트 몇 개로 최종 확정이었죠? 그리고 총중량",
        "최종 팔레트 24개, 총중량 8,420kg이에요 (1,176 CTNS, 약 46.1 CBM).",
        recall=["팔레트 24개", "8,420kg", "1,176 CTNS"],
    )
    c.turn(
        "인보이스에 넣을 PO 번호 다시 한번만",
        "PO-NL-20931 이에요. 바이어는 Van der Berg Beauty B.V.",
        recall=["PO-NL-20931", "Van der Berg Beauty B.V."],
    )
    c.turn(
        "대양 견적번호랑 운임 얼마였지? 정산할때 필요",
        "견적번호 Q-DY-260311-07, O/F USD 2,840 / 40HC (EBS USD 120 별도), THC 310,000원, "
        "내륙운송 650,000원이에요.",
        recall=["Q-DY-260311-07", "USD 2,840"],
    )
    c.turn(
        "인코텀즈 인보이스에 뭘로 찍어야 돼요 최종",
        "CIF 로테르담이에요 (Incoterms 2020). 운임은 프리페이드, 보험은 ICC(A) 110%.",
        recall=["CIF 로테르담", "ICC(A)", "110%"],
    )
    c.turn(
        "쿠션 HS코드 한빛에서 또 물어보네",
        "쿠션 팩트는 3304.99-9000 이에요. 스킨케어 세트 쪽은 3304.99-1000.",
        recall=["3304.99-9000"],
    )
    c.turn(
        "통관 담당자 이름이랑 EORI 한번에 정리해줘요",
        "통관/notify 담당자는 Sanne Bakker (logistics), EORI는 NL8234117690이에요.",
        recall=["Sanne Bakker", "NL8234117690"],
    )
    c.turn(
        "상차 언제로 잡았었죠? 물류센터에서 확인 전화옴. 토요일 아니죠?",
        "3월 20일 금요일 오후 2시, 라온 물류센터 B동 도크 3번이에요. 창고 사정상 토요일 "
        "상차는 안 돼요, 그래서 금요일로 잡았어요.",
        recall=["3월 20일 금요일 오후 2시", "토요일 상차는 안 돼요"],
    )
    c.turn(
        "관세사님 번호가 뭐였더라",
        "관세법인 한빛 박지훈 관세사님, 010-4417-2093이에요.",
        recall=["010-4417-2093", "박지훈"],
    )
    c.turn(
        "혹시 이번 배 ETD랑 부킹번호도 한번만",
        "ETD 3월 25일 (HMM STOCKHOLM 0049W, 부산신항 PNIT), 부킹번호 DYF2603-11872예요.",
        recall=["3월 25일", "DYF2603-11872", "PNIT"],
    )
    c.turn(
        "오늘 고생했어요 ㅎㅎ 내일 B/L 정정본 오면 다시 봐요",
        "고생하셨어요! 내일 정정본 오면 FREIGHT PREPAID로 바뀌었는지부터 확인할게요.",
    )
    return c.write(out)


# == 3. freelancer's 2025 tax return (English, CSV statements) ====================================


def money(cents: int) -> str:
    return f"{cents / 100:.2f}"


def chase_biz_csv(rng: random.Random) -> tuple[str, int]:
    """Business checking export; returns (csv, sum of client receipts in cents)."""
    rows: list[tuple[str, str, int, str]] = []
    clients = [
        ("NORTHWIND STUDIO LLC ACH PMT", [405000] * 12),
        ("KESTREL LABS INC ACH CREDIT", [221500, 221500, 221500, 221500, 221500, 221500, 221500,
                                          221500, 221500, 221500]),
    ]
    receipts = 0
    for desc, amounts in clients:
        for k, amt in enumerate(amounts):
            month = k + 1 if len(amounts) == 12 else k + 3
            rows.append((f"{month:02d}/{rng.randint(3, 9):02d}/2025", desc, amt, "ACH_CREDIT"))
            receipts += amt
    one_offs = [
        ("06/20/2025", "ZELLE FROM BRIGHTLINE COFFEE CO INV-2025-031", 850000),
        ("09/12/2025", "ZELLE FROM HALVORSEN DENTAL INV-2025-047", 625000),
        ("11/03/2025", "STRIPE TRANSFER ST-7Q2K9 PAYOUT", 320550),
        ("12/18/2025", "ZELLE FROM MOSS & FERN INV-2025-049", 253000),
    ]
    for d, desc, amt in one_offs:
        rows.append((d, desc, amt, "QUICKPAY_CREDIT"))
        receipts += amt
    sister = [("03/14/2025", 45000), ("05/02/2025", 45000), ("07/30/2025", 60000)]
    for d, amt in sister:
        rows.append((d, "VENMO CASHOUT PPD ID: 5264681992 FROM ANJALI R", amt, "ACH_CREDIT"))
    vendors = [
        ("FIGMA MONTHLY", 1500), ("NOTION LABS", 1000), ("GOOGLE *WORKSPACE", 1440),
        ("ZOOM.US 888-799-9666", 1599), ("COMCAST BUSINESS", 8999), ("DROPBOX*PLUS", 1199),
        ("LINKEDIN PREMIUM", 3999), ("SQSP* SQUARESPACE", 2300), ("MAILCHIMP *MONTHLY", 2000),
        ("1PASSWORD", 799), ("AMAZON MKTPL*OFFICE", 0), ("STAPLES 00841", 0),
    ]
    for month in range(1, 13):
        for name, amt in vendors:
            if amt == 0:
                if rng.random() < 0.5:
                    rows.append((f"{month:02d}/{rng.randint(1, 28):02d}/2025", name, -rng.randint(1500, 14000), "DEBIT_CARD"))
                continue
            rows.append((f"{month:02d}/{rng.randint(1, 28):02d}/2025", name, -amt, "DEBIT_CARD"))
        rows.append((f"{month:02d}/28/2025", "ONLINE TRANSFER TO CHK ...2290 OWNER DRAW", -rng.choice([400000, 450000, 500000]), "ACCT_XFER"))
        rows.append((f"{month:02d}/28/2025", "MONTHLY SERVICE FEE", -1500, "FEE_TRANSACTION"))
    rows.append(("04/15/2025", "IRS USATAXPYMT PPD ID: 3387702000", -320000, "ACH_DEBIT"))
    rows.append(("06/16/2025", "IRS USATAXPYMT PPD ID: 3387702000", -320000, "ACH_DEBIT"))
    rows.append(("09/15/2025", "IRS USATAXPYMT PPD ID: 3387702000", -275000, "ACH_DEBIT"))
    rows.append(("04/15/2025", "OREGON DOR ESTPMT", -90000, "ACH_DEBIT"))
    rows.sort(key=lambda r: (r[0][6:], r[0][:2], r[0][3:5]))
    balance = 1_284_317
    out = ["Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #"]
    for d, desc, amt, kind in rows:
        balance += amt
        out.append(f"{'CREDIT' if amt > 0 else 'DEBIT'},{d},\"{desc}\",{money(amt)},{kind},{money(balance)},")
    return "\n".join(out), receipts


def personal_cc_csv(rng: random.Random) -> str:
    out = ["Transaction Date,Post Date,Description,Category,Type,Amount,Memo"]
    merchants = [
        ("TRADER JOE S #145", "Groceries", (2500, 14000)), ("NEW SEASONS MARKET", "Groceries", (1800, 9000)),
        ("SHELL OIL 5744", "Gas", (3500, 7000)), ("NETFLIX.COM", "Entertainment", (1549, 1549)),
        ("SPOTIFY USA", "Entertainment", (1699, 1699)), ("TARGET 00022", "Shopping", (1200, 16000)),
        ("AMAZON.COM*2K4", "Shopping", (900, 12000)), ("POWELL'S BOOKS", "Shopping", (1500, 6000)),
        ("LITTLE ACORNS ECC", "Education", (119200, 119200)), ("PGE PORTLAND GENERAL", "Bills & Utilities", (7000, 14000)),
        ("CLARK PUBLIC UTIL", "Bills & Utilities", (8000, 15000)), ("STUMPTOWN COFFEE", "Food & Drink", (450, 1400)),
        ("HOPWORKS URBAN BREW", "Food & Drink", (3500, 9000)), ("UBER *TRIP", "Travel", (1400, 4500)),
        ("VERIZON WIRELESS", "Bills & Utilities", (14200, 14200)), ("ADOBE *CREATIVE CLD", "Shopping", (0, 0)),
    ]
    rows = []
    for month in range(1, 13):
        for name, cat, (lo, hi) in merchants:
            if name.startswith("ADOBE"):
                continue
            if name.startswith("PGE") and month >= 8:
                continue
            if name.startswith("CLARK") and month < 8:
                continue
            times = 1 if lo == hi or "ECC" in name else rng.randint(1, 3)
            for _ in range(times):
                rows.append((month, rng.randint(1, 28), name, cat, -rng.randint(lo, hi)))
    rows.append((2, 11, "ADOBE *CREATIVE CLD", "Shopping", -65988))
    rows.append((6, 14, "APPLE STORE #R102", "Shopping", -289900))
    rows.append((6, 14, "APPLE STORE #R102 APPLECARE", "Shopping", -27900))
    rows.append((8, 1, "U-HAUL MOVING & STOR", "Travel", -41280))
    rows.append((11, 28, "OREGON FOOD BANK DONATION", "Gifts & Donations", -120000))
    rows.append((12, 5, "OPB MEMBERSHIP", "Gifts & Donations", -30000))
    rows.append((3, 2, "HEALTHCARE.GOV PREMIUM", "Health & Wellness", -41200))
    for m in range(4, 13):
        rows.append((m, 2, "HEALTHCARE.GOV PREMIUM", "Health & Wellness", -41200))
    rows.append((1, 2, "HEALTHCARE.GOV PREMIUM", "Health & Wellness", -41200))
    rows.append((2, 2, "HEALTHCARE.GOV PREMIUM", "Health & Wellness", -41200))
    for m in range(1, 13):
        rows.append((m, 20, "AUTOMATIC PAYMENT - THANK", "", rng.randint(300000, 600000)))
    rows.sort()
    for month, day, name, cat, amt in rows:
        post = min(day + rng.randint(1, 2), 28)
        kind = "Payment" if amt > 0 else "Sale"
        out.append(f"{month:02d}/{day:02d}/2025,{month:02d}/{post:02d}/2025,{name},{cat},{kind},{money(amt)},")
    return "\n".join(out)


def nec_emails(rng: random.Random) -> str:
    noise = [
        "[Jan 06] Chase — Your statement is ready\n    Your December statement for account ending 8836 is now available.",
        "[Jan 09] Gusto — Sam, your W-2 is ready\n    Your 2025 W-2 from Cascadia Health Partners is available in your Gusto account.",
        "[Jan 13] Little Acorns ECC — 2025 tuition statement\n    Attached is your year-end statement for Maya. Please keep for your records.",
        "[Jan 20] TurboTax — Don't miss these deductions\n    Self-employed? You may be able to deduct your home office, phone and more.",
        "[Jan 22] Healthcare.gov — Your 1095-A is available\n    Log in to download Form 1095-A for your 2025 coverage.",
        "[Jan 27] Zillow — Homes for sale in Vancouver, WA\n    12 new listings match your saved search.",
        "[Jan 29] Stripe — Your 2025 1099-K\n    Your gross payment volume did not reach the reporting threshold; no 1099-K was issued.",
    ]
    nec1 = """[Jan 24] Northwind Studio Accounting <ap@northwindstudio.com> — 2025 Form 1099-NEC
Hi Jess, attached is your 2025 1099-NEC. Copy of the key fields below.
  PAYER: Northwind Studio LLC, 2211 NW Front Ave, Portland OR 97209 · TIN 47-3318820
  RECIPIENT: Jessica Raman · TIN ***-**-6612
  Box 1 Nonemployee compensation: $48,600.00
  Box 4 Federal income tax withheld: $0.00
  Box 5 State tax withheld: $0.00   Box 6 State/Payer's state no.: OR / 1183920-3
Thanks for another great year! — Northwind AP"""
    nec2 = """[Jan 30] Kestrel Labs <finance@kestrellabs.io> — 1099-NEC (2025)
Jessica, please find your 1099-NEC.
  PAYER: Kestrel Labs Inc., Seattle WA · TIN 82-1047735
  Box 1 Nonemployee compensation: $24,365.00
  Box 4 Federal income tax withheld: $0.00
Note: includes invoice INV-2025-052 ($2,215.00) approved Dec 22, 2025, paid Jan 6, 2026."""
    return "\n\n".join(noise[:3] + [nec1] + noise[3:5] + [nec2] + noise[5:])


def irs_pub_snippets() -> str:
    return """Search results: irs.gov
1. Publication 587 (2025), Business Use of Your Home
   "Simplified method. ... you multiply the allowable square footage used in the business by
   the prescribed rate of $5. The area you use to figure your deduction is limited to 300
   square feet. ... If you used your home for business for only part of the year, or the
   area changed during the year, you figure the average monthly allowable square footage."
   "If you moved during the year, you can use the simplified method for one home and the
   regular method for the other, or the simplified method for both."
2. Publication 463 (2025), Travel, Gift, and Car Expenses
   "Standard mileage rate. For 2025, the standard mileage rate for the cost of operating your
   car for business use is 70 cents ($0.70) per mile."
   "Commuting between your home and a regular place of work is not deductible. If your home is
   your principal place of business, trips from home to a client are business trips."
3. Publication 560 (2025), Retirement Plans for Small Business (SEP, SIMPLE, and Qualified Plans)
   "Self-employed individuals: the contribution limit is figured using your net earnings from
   self-employment, reduced by the deductible part of SE tax and by the contribution itself
   (effectively 20% of net SE earnings for a 25% plan rate). Maximum 2025: $70,000."
   "You can make contributions for 2025 up to the due date of your return, including extensions."
4. Publication 946 (2025), How To Depreciate Property
   "Section 179 deduction ... you can elect to deduct all or part of the cost of certain
   qualifying property in the year placed in service ... computers used more than 50% for
   business. The deduction cannot exceed the taxable income from the active conduct of a trade
   or business."
5. Instructions for Form 8962 (2025) — Premium Tax Credit
   "If you (or anyone in your tax family) enrolled in coverage through the Marketplace ... you
   must file Form 8962 if advance payments of the premium tax credit were made."
6. Form 7206 (2025), Self-Employed Health Insurance Deduction
   "You can't take the deduction for any month you were eligible to participate in a
   subsidized health plan maintained by an employer of you or your spouse."
7. Topic no. 602, Child and Dependent Care Credit
   "... you must identify the care provider by name, address and TIN (EIN or SSN) on Form
   2441. Up to $3,000 of expenses for one qualifying person."
8. Publication 501 (2025): Standard deduction for married filing jointly: $31,500."""


def mileage_csv(rng: random.Random) -> str:
    places = [("Northwind Studio, NW Front Ave", 14.2), ("Kestrel Labs PDX office, SW 5th", 11.8),
              ("Brightline Coffee roastery, SE 7th", 6.4), ("Halvorsen Dental, Beaverton", 18.6),
              ("Moss & Fern, Lake Oswego", 16.9), ("Kestrel Labs Seattle HQ", 164.0),
              ("coworking day, Vancouver WA", 4.1), ("Office Depot supplies", 3.3)]
    trips = []
    total = 0.0
    target = 2614.0
    month_day = [(m, d) for m in range(1, 13) for d in (3, 7, 10, 14, 17, 21, 24, 28)]
    rng.shuffle(month_day)
    for m, d in month_day:
        place, miles = rng.choice(places)
        rt = round(miles * 2, 1)
        if total + rt > target - 30:
            break
        trips.append((m, d, place, rt))
        total = round(total + rt, 1)
    rest = round(target - total, 1)
    trips.append((12, 30, "Kestrel Labs Seattle HQ (workshop, return via Olympia)", rest))
    trips.sort()
    out = ["date,purpose,destination,miles,vehicle"]
    for m, d, place, rt in trips:
        purpose = rng.choice(["client meeting", "design review", "workshop", "photo shoot", "supplies"])
        out.append(f"2025-{m:02d}-{d:02d},{purpose},\"{place}\",{rt:.1f},2019 Subaru Outback")
    out.append(f"TOTAL,,,{target:.1f},")
    return "\n".join(out)


def fidelity_1099b(rng: random.Random) -> str:
    out = ["FIDELITY INVESTMENTS — 2025 TAX REPORTING STATEMENT (Form 1099-B, 1099-DIV, 1099-INT)",
           "Account: SAMUEL RAMAN — Individual TOD · Account X58-219004",
           "", "1099-DIV: Total ordinary dividends (1a) $612.44 · Qualified dividends (1b) $588.10",
           "1099-INT: Interest income (1) $41.87", "",
           "1099-B SHORT-TERM TRANSACTIONS FOR COVERED TAX LOTS (Box A)",
           "Description / CUSIP | Qty | Acquired | Sold | Proceeds | Cost basis | Wash sale | Gain/loss"]
    total_p = 0
    total_b = 0
    lots = []
    for i in range(60):
        sym = rng.choice(["SCHD", "VXUS", "SPLG", "SCHB", "INTC", "PFE", "KO", "INTC"])
        qty = rng.randint(1, 3)
        price = rng.randint(3000, 9000)
        proceeds = qty * price
        basis = proceeds + rng.randint(-900, 700) * qty
        wash = rng.randint(300, 1800) if (sym == "INTC" and rng.random() < 0.6) else 0
        lots.append((sym, qty, proceeds, basis, wash))
    fixed = 1_841_207 - sum(l[2] for l in lots)
    assert fixed > 100_000, fixed
    lots.append(("VTI", max(1, round(fixed / 30_000)), fixed, fixed - 2100, 0))
    for sym, qty, proceeds, basis, wash in lots:
        total_p += proceeds
        total_b += basis
        a = f"2025-{rng.randint(1, 6):02d}-{rng.randint(1, 28):02d}"
        sold = f"2025-{rng.randint(7, 12):02d}-{rng.randint(1, 28):02d}"
        gl = proceeds - basis + wash
        out.append(f"{sym} | {qty} | {a} | {sold} | {money(proceeds)} | {money(basis)} | "
                   f"{money(wash) if wash else '—'} | {money(gl)}")
    out += ["", f"TOTAL SHORT-TERM (Box A): Proceeds ${total_p / 100:,.2f} · Cost basis ${total_b / 100:,.2f}",
            "Wash sale loss disallowed: see individual lots (code W on Form 8949)",
            "1099-B LONG-TERM: no transactions", "Federal income tax withheld: $0.00",
            "This is important tax information and is being furnished to the IRS."]
    return "\n".join(out)


def return_2024() -> str:
    lines = [
        "Whitfield & Co. — 2024 Form 1040 summary (client copy) — Jessica & Samuel Raman, MFJ",
        "", "INCOME",
        "  1a  Wages (Sam, Cascadia Health Partners)             66,920",
        "  2b  Taxable interest                                      38",
        "  3b  Ordinary dividends                                   540",
        "  7   Capital gain (loss)                                  (310)",
        "  8   Schedule 1 additional income (Sch C net profit)    71,468",
        "  9   Total income                                     138,656",
        "  10  Adjustments (1/2 SE tax 5,049; SEP 8,000)          13,049",
        "  11  Adjusted gross income                            125,607",
        "  12  Standard deduction                                29,200",
        "  13  QBI deduction                                     11,684",
        "  15  Taxable income                                    84,723",
        "", "TAX AND CREDITS",
        "  16  Tax                                               9,738",
        "  19  Child tax credit                                 (2,000)",
        "  21  Child and dependent care credit (Form 2441)        (600)",
        "  23  Other taxes: self-employment tax (Sch SE)         10,097",
        "      Net premium tax credit repayment (Form 8962)          0",
        "  24  Total tax                                        14,882",
        "", "PAYMENTS",
        "  25a W-2 withholding (Sam)                              6,140",
        "  26  2024 estimated tax payments                        9,600",
        "  33  Total payments                                    15,740",
        "  34  Overpaid                                             858  (refunded)",
        "", "OREGON (Form OR-40, full-year resident)",
        "  Oregon taxable income 96,120 · tax 8,151 · kicker credit (436) · withholding 3,210",
        "  Estimated payments 4,100 · balance due 1,969 (paid 04/15/2025)",
        "", "CARRYOVERS TO 2025: none · Capital loss carryover: none",
        "", "NOTES FROM DANA",
        "  - 2025 safe harbor: 100% of 2024 total tax ($14,882) if 2025 AGI stays under $150,000",
        "  - Keep Schedule C receipts for 3 years; mileage log required",
        "  - Remember to tell us about any move or change in household",
    ]
    for i in range(30):
        lines.append(f"  worksheet line {i + 1:02d}: see page {i // 6 + 4}")
    return "\n".join(lines)


def personal_checking_csv(rng: random.Random) -> str:
    rows = []
    for m in range(1, 13):
        rent = ("PEARL DISTRICT APTS RENT", -235000) if m <= 7 else ("ESTHER SHORT LOFTS RENT", -218000)
        rows.append((2025, m, 1, *rent))
        for d in (15, 30 if m != 2 else 28):
            rows.append((2025, m, d, "CASCADIA HEALTH PAYROLL PPD", 214800 if d == 15 else 214750))
        rows.append((2025, m, 28, "ONLINE TRANSFER FROM CHK ...8836 OWNER DRAW", rng.choice([400000, 450000, 500000])))
        rows.append((2025, m, 20, "CITI AUTOPAY PAYMENT", -rng.randint(300000, 600000)))
        rows.append((2025, m, 5, "GEICO AUTO", -13820))
        rows.append((2025, m, 12, "FIDELITY MONEYLINE", -50000))
        for _ in range(rng.randint(8, 14)):
            rows.append((2025, m, rng.randint(1, 28), rng.choice([
                "ATM WITHDRAWAL 1021 NW COUCH", "ZELLE TO ANJALI R", "VENMO PAYMENT", "COSTCO WHSE #0108",
                "CHECK # " + str(rng.randint(1100, 1190)), "PAYPAL *EBAY", "FRED MEYER #0219",
                "NW NATURAL GAS", "DAYCARE LITTLE ACORNS CK"]), -rng.randint(2000, 40000)))
    rows.append((2026, 1, 15, "IRS USATAXPYMT PPD ID: 3387702000", -320000))
    rows.append((2026, 1, 6, "ONLINE TRANSFER FROM CHK ...8836", 221500))
    rows.sort()
    bal = 623_114
    out = ["Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #"]
    for y, m, d, desc, amt in rows:
        bal += amt
        out.append(f"{'CREDIT' if amt > 0 else 'DEBIT'},{m:02d}/{d:02d}/{y},\"{desc}\",{money(amt)},"
                   f"{'ACH_CREDIT' if amt > 0 else 'ACH_DEBIT'},{money(bal)},")
    return "\n".join(out)


def tax(out: Path) -> dict[str, Any]:
    rng = random.Random(2025_1040)
    c = Conversation(
        "tax_en",
        "en",
        "personal finance: a freelancer's 2025 US tax return from bank and card CSV statements",
        cues=("actually", "sorry", "oops", "i meant", "typo", "wait", "misread", "correction",
              "my bad"),
    )
    biz_csv, receipts = chase_biz_csv(rng)
    assert receipts == 9_123_550, receipts
    c.turn(
        "ok tax time, dreading it. i'm freelance ux design (sole prop, no llc), my husband sam is w2. "
        "we're doing married filing jointly like always. our cpa is Dana Whitfield and she wants "
        "everything organized by march 3rd. can you help me get my stuff together before i send it",
        "Happy to. Let's build Dana a clean package so she's not chasing you. The usual pieces for a "
        "sole prop plus a W-2 spouse filing jointly:\n\n"
        "1. Business income: 1099-NECs, plus anything paid without a 1099 (Zelle, Stripe, checks)\n"
        "2. Business expenses: software, equipment, phone/internet share, mileage, home office\n"
        "3. Sam's W-2 (and any HSA or retirement info on it)\n"
        "4. Estimated tax payments you made (federal and state)\n"
        "5. Health insurance (marketplace 1095-A if you had one), childcare, charity\n"
        "6. Anything unusual: moves, big purchases, retirement contributions\n\n"
        "Where do your statements live? If you have CSV exports I can go through them directly.",
        facts=[H("Dana Whitfield"), D("married filing jointly", "MFJ", "filing jointly")],
    )
    c.turn(
        "biz checking is the chase account ending 8836, exports are in ~/taxes/2025/. start with that",
        "Here's the 2025 business checking export (account ending 8836). Quick read:\n\n"
        "- Regular client deposits: Northwind Studio (monthly ACH) and Kestrel Labs (ACH from March)\n"
        "- One-off Zelle/Stripe payments: Brightline Coffee (INV-2025-031), Halvorsen Dental "
        "(INV-2025-047), a Stripe payout and Moss & Fern (INV-2025-049)\n"
        "- Three Venmo cash-outs from 'ANJALI R' (March, May, July)\n"
        "- Monthly software: Figma, Notion, Google Workspace, Zoom, Dropbox, 1Password, LinkedIn, "
        "Squarespace, Mailchimp, plus Comcast Business internet\n"
        "- Owner draws to checking ...2290, monthly service fees\n"
        "- Three IRS estimated payments (Apr, Jun, Sep) and one Oregon estimate in April\n\n"
        "Before I total income: who is Anjali R? Those Venmo deposits don't look like client payments.",
        tools=[("shell", {"cmd": "cat ~/taxes/2025/chase_biz_8836_2025.csv"}, biz_csv)],
        lead="Reading the export.",
        facts=[H("8836"), HT("INV-2025-047")],
    )
    c.turn(
        "anjali is my sister. don't count the venmo transfers from my sister as income, she was "
        "paying me back her share of the cabin rental",
        "Got it: the Venmo transfers from your sister are reimbursements, not income, so I'll leave "
        "them out of gross receipts (three transfers, $1,500 total). Keep the cabin booking "
        "confirmation and your Venmo history in case Dana asks, since they landed in the business "
        "account. In the future it's cleaner to receive personal money in your personal account.",
        facts=[K("don't count the venmo transfers from my sister", "venmo transfers from her sister",
                 "venmo from her sister", "sister's venmo", "Venmo transfers from your sister")],
    )
    c.turn(
        "ok total it up, income only",
        "Gross receipts for 2025 (cash basis, deposits actually received in 2025, sister's Venmo "
        "excluded): $91,235.50.\n\n"
        "- Northwind Studio: $48,600.00 (12 × $4,050)\n- Kestrel Labs: $22,150.00 (10 × $2,215)\n"
        "- Brightline Coffee $8,500.00, Halvorsen Dental $6,250.00, Stripe payout $3,205.50, "
        "Moss & Fern $2,530.00\n\n"
        "So about $20,500 came in without a big-client ACH. Those four won't all have 1099s "
        "(small clients often don't send them), but they're income either way.",
        tools=[
            ("run_python",
             {"code": "import pandas as pd\n"
              "df = pd.read_csv('~/taxes/2025/chase_biz_8836_2025.csv')\n"
              "cr = df[(df.Amount > 0) & ~df.Description.str.contains('VENMO')]\n"
              "print(cr.groupby('Description').Amount.agg(['count','sum']))\n"
              "print('gross receipts:', f\"{cr.Amount.sum():,.2f}\")"},
             "                                                count       sum\n"
             "Description\n"
             "KESTREL LABS INC ACH CREDIT                        10  22150.00\n"
             "NORTHWIND STUDIO LLC ACH PMT                       12  48600.00\n"
             "STRIPE TRANSFER ST-7Q2K9 PAYOUT                     1   3205.50\n"
             "ZELLE FROM BRIGHTLINE COFFEE CO INV-2025-031        1   8500.00\n"
             "ZELLE FROM HALVORSEN DENTAL INV-2025-047            1   6250.00\n"
             "ZELLE FROM MOSS & FERN INV-2025-049                 1   2530.00\n"
             "gross receipts: 91,235.50"),
        ],
        facts=[HT("91,235.50", "$91,235.50", "91235.50")],
    )
    c.turn(
        "did i get 1099s from both big clients? check email",
        "Yes, both arrived:\n\n"
        "- Northwind Studio LLC: Box 1 $48,600.00, matches the bank deposits exactly.\n"
        "- Kestrel Labs Inc.: Box 1 $24,365.00, but you only received $22,150.00 from them in "
        "2025. The difference ($2,215) is invoice INV-2025-052, which they approved on Dec 22 but "
        "paid on Jan 6, 2026. They counted it for 2025; you got the money in 2026.\n\n"
        "Stripe didn't issue a 1099-K (under the threshold), and there's a 1095-A waiting on "
        "healthcare.gov. The mismatch with Kestrel is common; how it's reported depends on your "
        "accounting method.",
        tools=[("email_search", {"query": "1099-NEC 2025", "from": "2026-01-01"}, nec_emails(rng))],
        facts=[HT("$24,365.00", "24,365.00", "$24,365"), HT("INV-2025-052")],
    )
    c.turn(
        "we're cash basis, always have been. so the jan payment is 2026 income right",
        "Right. Cash basis means income counts when you actually receive it, so INV-2025-052 "
        "($2,215, paid Jan 6, 2026) is 2026 income. Your 2025 Schedule C gross receipts stay at "
        "$91,235.50, even though the 1099s add up to more. Dana will probably report the full "
        "1099 amounts and subtract the $2,215 as a timing difference with a short explanation, "
        "so the IRS matching system doesn't flag it. I'll put a note in the package.",
        facts=[D("cash basis", "cash-basis", "cash method")],
    )
    c.turn(
        "home office: my office is 180 sq ft, whole apartment was 1,450 sq ft. we moved on Aug 1 "
        "tho, from portland to vancouver wa, and the new place office is about the same size",
        "Noted: a 180 sq ft office, 1,450 sq ft apartment, moved on Aug 1 from Portland to "
        "Vancouver, WA, with a similar office in the new place.\n\n"
        "Two ways to deduct it:\n"
        "- Simplified: $5 × 180 sq ft = $900 for a full year of use (max 300 sq ft). No "
        "depreciation, no splitting rent and utilities. Since both homes had about the same "
        "office, it's simply 180 sq ft averaged over 12 months.\n"
        "- Regular: business share 180 / 1,450 = 12.4% of rent, renter's insurance and "
        "utilities, for each home separately for the months you lived there.\n\n"
        "With rent around Portland/Vancouver levels the regular method usually gives more (often "
        "$2,500-3,500), but it's more paperwork. The move also matters for state taxes: Oregon "
        "taxes you as a part-year resident through July 31, and Washington has no income tax.",
        facts=[H("180 sq ft", "180 sqft", "180 square feet"),
               H("1,450 sq ft", "1450 sq ft", "1,450 square feet"),
               H("Aug 1", "August 1", "Aug. 1")],
    )
    c.turn(
        "just use the simplified method, i don't want to dig up 12 months of utility bills",
        "Simplified method it is: 180 sq ft × $5 = $900. No utility bills or rent receipts needed, "
        "just the square footage and the fact that the room is used regularly and exclusively for "
        "work. I'll note both addresses so Dana sees the move doesn't break it.",
        facts=[D("simplified method", "simplified home office", "simplified home-office")],
    )
    c.turn(
        "mileage for client visits was 2,310 business miles. no commuting, i work from home",
        "At the 2025 standard rate of 70 cents a mile, 2,310 business miles is $1,617. Since your "
        "home is your principal place of business, trips from home to clients count as business "
        "miles, not commuting. Dana may ask for the log (dates, destinations, purpose), so keep "
        "your tracker export. Parking and tolls for those trips are deductible on top.",
    )
    c.turn(
        "sam's w2 box 1 is 71,400. he's at cascadia health partners. they also did an hsa through "
        "payroll, 3,100 for the year",
        "Noted for Sam: W-2 from Cascadia Health Partners, Box 1 wages $71,400, HSA contributions "
        "through payroll $3,100 (it'll be in Box 12 with code W, already excluded from Box 1). If "
        "Sam's HSA is family coverage the 2025 limit is $8,550, so there's room if you want to add "
        "more before the filing deadline, but only if the HDHP covered the family. Dana will need "
        "Form 5498-SA/1099-SA if he took money out.",
        facts=[H("cascadia health partners", "Cascadia Health Partners"), H("3,100", "$3,100", "3100")],
    )
    c.turn(
        "i pay my own health insurance on the marketplace, $412/month. sam's employer plan was "
        "only for him, too expensive to add us",
        "$412/month through the marketplace is potentially deductible as self-employed health "
        "insurance. One catch: you can't take it for months when you were eligible for a "
        "subsidized employer plan through Sam. If Sam's employer offered family coverage and you "
        "declined because of cost, you were still 'eligible', and that blocks the deduction. "
        "Worth confirming with Sam's HR whether family coverage was offered. Also, if you received "
        "advance premium tax credits, Form 8962 is required: the 1095-A on healthcare.gov will "
        "show that.",
        facts=[H("$412/month", "$412 a month", "412/month", "$412 per month")],
    )
    c.turn(
        "ugh ok. business stuff on my personal card too, the citi one. can you pull what looks "
        "business related",
        "From the Citi card CSV, the business-looking items:\n\n"
        "- ADOBE *CREATIVE CLD, Feb 11: $659.88 (annual Creative Cloud plan)\n"
        "- APPLE STORE #R102, Jun 14: $2,899.00 (a computer?) plus $279.00 AppleCare the same day\n"
        "- Verizon Wireless $142/month: partly business if you use the phone for work\n\n"
        "Not business: groceries, Netflix/Spotify, Little Acorns (childcare, used for the dependent "
        "care credit, not Schedule C), utilities, the U-Haul on Aug 1 (moving costs aren't "
        "deductible for non-military), and the donations: Oregon Food Bank $1,200 (Nov 28) and "
        "OPB $300. Healthcare.gov premiums show $412 every month.",
        tools=[("shell", {"cmd": "cat ~/taxes/2025/citi_card_2025.csv"}, personal_cc_csv(rng))],
        facts=[HT("659.88", "$659.88"), HT("2899.00", "$2,899.00", "2,899.00", "$2,899")],
    )
    c.turn(
        "yes the apple thing is my macbook pro, work only. expense the whole laptop this year, "
        "don't depreciate it. applecare too",
        "OK: expense the whole laptop this year (Section 179, or the de minimis/bonus route, "
        "Dana's choice). $2,899.00 for the MacBook Pro plus $279.00 AppleCare, placed in service "
        "June 14, 2025, used 100% for business. The deduction can't exceed your business income, "
        "which isn't a problem here. Keep the receipt; if you later sell it or stop using it for "
        "work, part of the deduction can be recaptured.",
        facts=[D("expense the whole laptop this year", "Section 179", "section 179",
                 "expense the laptop in full")],
    )
    c.turn(
        "retirement: i want to put 10k in the SEP for 2025, is that allowed",
        "Likely yes. As a sole prop your SEP limit is about 20% of net self-employment earnings "
        "(net profit minus half the SE tax). Rough numbers: $91,235.50 receipts minus roughly "
        "$9,000 in expenses is about $82,000 net profit, minus about $5,800 for half of SE tax, "
        "times 20% gives roughly $15,000. So 10k in the SEP is allowed, and you can contribute "
        "for 2025 until your filing deadline (with extension). It lowers income tax, not SE tax.",
    )
    c.turn(
        "what estimated payments did i make? i think 4 federal and one oregon",
        "From the business checking and the IRS account transcript:\n\n"
        "Federal (1040-ES):\n- Apr 15, 2025: $3,200.00\n- Jun 16, 2025: $3,200.00\n"
        "- Sep 15, 2025: $2,750.00 (less than the others)\n- Jan 15, 2026: $3,200.00, paid from "
        "personal checking\nTotal: $12,350.00\n\n"
        "Oregon: one payment, Apr 15, 2025, $900.00. Nothing after the move, which makes sense "
        "since Washington has no income tax.",
        tools=[("irs_account", {"action": "payments", "tax_year": 2025},
                "IRS Online Account — Payment activity, Tax Year 2025 (Form 1040)\n"
                + aligned(["DATE", "TYPE", "AMOUNT", "STATUS", "CONFIRMATION"],
                          [["2025-04-15", "Estimated tax (EFTPS/Direct Pay)", "$3,200.00", "Completed", "2650-4417-1183"],
                           ["2025-06-16", "Estimated tax", "$3,200.00", "Completed", "2650-5528-0042"],
                           ["2025-09-15", "Estimated tax", "$2,750.00", "Completed", "2650-7731-9306"],
                           ["2026-01-15", "Estimated tax", "$3,200.00", "Completed", "2650-9904-2217"]])
                + "\nTotal 2025 estimated tax payments: $12,350.00\n"
                "Balance due for 2025: return not yet filed\n"
                "Note: Payments for tax year 2024 are shown under 'Tax Year 2024'.")],
        facts=[HT("$2,750.00", "2,750.00", "$2,750"), HT("$12,350.00", "12,350.00", "$12,350")],
    )
    c.turn(
        "the jan one came out of our joint checking i think (chase ...2290). can you check there's "
        "no client money that landed in there by accident? i sometimes give people the wrong account",
        "Checked the joint checking (...2290) for 2025 and January 2026:\n\n"
        "- IRS USATAXPYMT on Jan 15, 2026: $3,200.00, so the fourth estimate came from here, as "
        "you thought.\n"
        "- Deposits are only Sam's Cascadia Health payroll (twice a month) and your owner draws "
        "from ...8836. The Jan 6, 2026 transfer of $2,215 from ...8836 is you moving Kestrel's "
        "late payment, not new income.\n"
        "- No Zelle, Stripe or check deposits from clients. Good.\n\n"
        "Other things I noticed: rent was $2,350 (Pearl District, through July) then $2,180 "
        "(Esther Short Lofts from August), and monthly transfers to Fidelity, which explains "
        "Sam's brokerage account.",
        tools=[("shell", {"cmd": "cat ~/taxes/2025/chase_joint_2290_2025.csv"},
                personal_checking_csv(rng))],
    )
    c.turn(
        "the dentist invoice, halvorsen, was that the 6k one? they wanted a receipt",
        "Yes: Halvorsen Dental paid $6,250.00 by Zelle on Sep 12, 2025, reference INV-2025-047. "
        "Want me to draft a receipt for it?",
    )
    c.turn(
        "no its fine. the food bank 1200 and opb 300, do those help us?",
        "Probably not this year. For married filing jointly the 2025 standard deduction is "
        "$31,500. To itemize you'd need mortgage interest, state/local taxes and charity above "
        "that. You rent and Oregon income tax for 7 months won't come close, so $1,500 in "
        "donations doesn't change anything. There's no extra charity deduction for non-itemizers "
        "in 2025 (one starts in 2026). Keep the receipts anyway.",
    )
    c.turn(
        "fine, take the standard deduction. also: never put our SSNs in an email, dana has them "
        "already, and don't submit anything to the IRS yourself, dana files",
        "Understood:\n- standard deduction ($31,500 MFJ)\n- never put your SSNs in an email: I'll "
        "refer to people by name and last four digits only if needed\n- I won't submit anything "
        "to the IRS myself: Dana files, I only prepare the package and upload to her portal.",
        facts=[
            D("take the standard deduction", "standard deduction"),
            K("never put our SSNs in an email", "no SSNs in email", "never put SSNs in an email",
              "never put your SSNs in an email"),
            K("don't submit anything to the IRS yourself", "not submit anything to the IRS",
              "won't submit anything to the IRS", "Dana files"),
        ],
    )
    c.turn(
        "childcare: maya's daycare is little acorns, we paid 14,300 for the year. need their tax id",
        "The year-end statement from Little Acorns Early Childhood Center has it: EIN 93-4817265, "
        "address 4410 SE Division St, Portland OR 97206. Total paid in 2025: $14,300.00 for Maya. "
        "For the Child and Dependent Care Credit only $3,000 of expenses counts for one child, and "
        "if Sam's employer has a dependent care FSA, that comes first. The credit is 20% of the "
        "$3,000 at your income, so about $600.",
        tools=[("read_file", {"path": "~/taxes/2025/little_acorns_2025_statement.pdf"},
                "LITTLE ACORNS EARLY CHILDHOOD CENTER\n4410 SE Division St, Portland OR 97206 · "
                "EIN 93-4817265 · (503) 000-1184\n\nYEAR-END TUITION STATEMENT 2025\n"
                "Child: Maya Raman (DOB 2021-05-19) · Account LA-00318\n\n"
                + aligned(["MONTH", "TUITION", "FEES", "PAID", "DATE"],
                          [[m, "$1,192.00", "$0.00" if m != "Sep" else "$0.00", "$1,192.00", f"2025-{i:02d}-01"]
                           for i, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
                                                  "Aug", "Sep", "Oct", "Nov", "Dec"], 1)])
                + "\nTOTAL PAID 2025: $14,300.00 (includes $4.00 credit card rounding adjustment)\n"
                "This statement may be used for Form 2441. Thank you for being part of our community!")],
        facts=[H("14,300", "$14,300", "14300"), HT("93-4817265")],
    )
    c.turn(
        "dana pushed her deadline, she's slammed. it's march 10 now",
        "Noted: Dana's deadline moved from March 3rd to March 10. That gives us an extra "
        "week, which helps with the health insurance question for Sam's HR and the mileage log.",
        fix=[("march 3rd", "march 10")],
    )
    c.turn(
        "oh re mileage i exported the app properly and its 2,614 business miles for the year",
        "Updated: 2,614 business miles instead of 2,310. At 70 cents a mile that's $1,829.80 "
        "(was $1,617). Keep the app export with the package; it has the date and purpose "
        "per trip, which is what the IRS wants.",
        fix=[("2,310 business miles", "2,614 business miles")],
    )
    c.turn(
        "heres the export if you want to sanity check it, ~/taxes/2025/mileage_2025.csv",
        "Checked the export: the trips add up to exactly 2,614.0 miles, all in the Subaru, each with "
        "date, destination and purpose. Most are round trips to Northwind and Kestrel in Portland; "
        "the longest are the Seattle trips to Kestrel's HQ (328 miles round trip). Nothing looks "
        "like commuting, and the coworking days in Vancouver are short. The log is good enough "
        "for the IRS as it is.",
        tools=[("shell", {"cmd": "cat ~/taxes/2025/mileage_2025.csv"}, mileage_csv(rng))],
    )
    c.turn(
        "misread sam's w2, the 71,400 was box 5 medicare wages. box 1 is 69,850",
        "Got it: the 71,400 is Box 5 (Medicare wages), and Sam's Box 1 wages are 69,850. That "
        "makes sense: Box 5 includes pre-tax HSA and some other deductions that Box 1 excludes. "
        "For your return Box 1 is the number that matters.",
        fix=[("71,400", "69,850")],
    )
    c.turn(
        "what does SE tax come out to roughly? i always forget how it works",
        "Self-employment tax is Social Security plus Medicare for people who pay themselves: "
        "15.3% on 92.35% of net profit.\n\n"
        "Rough numbers for you:\n- receipts $91,235.50\n- expenses: software about $2,900, "
        "Comcast internet about $1,080, Adobe $659.88, laptop + AppleCare $3,178, mileage "
        "$1,829.80, home office $900, bank fees $180, phone share maybe $850 → about $11,600\n"
        "- net profit about $79,600\n- SE tax: $79,600 × 0.9235 × 15.3% ≈ $11,250\n\n"
        "Half of that (about $5,600) is deducted on page 1 of the 1040. The SEP doesn't reduce "
        "SE tax, only income tax.",
    )
    c.turn(
        "can you group the business debits by category so dana has the schedule c lines",
        "Business debits from the Chase export, grouped by Schedule C line:\n\n"
        "- Line 18 Office expense: Amazon office + Staples\n"
        "- Line 25 Utilities: Comcast Business internet $1,079.88\n"
        "- Line 27a Other (software and subscriptions): Figma, Notion, Google Workspace, Zoom, "
        "Dropbox, 1Password, LinkedIn, Squarespace, Mailchimp\n"
        "- Line 8 Advertising: you could put Squarespace and Mailchimp here instead\n"
        "- Bank service fees: $180.00\n\n"
        "Not expenses: owner draws (transfers to ...2290), the IRS and Oregon estimated payments. "
        "Adobe, the laptop and the phone share come from the Citi card and are added separately.",
        tools=[("run_python",
                {"code": "db = df[df.Amount < 0].copy()\n"
                 "db['vendor'] = db.Description.str.replace(r'[0-9#*].*$', '', regex=True).str.strip()\n"
                 "print(db.groupby('vendor').Amount.agg(['count','sum']).sort_values('sum'))"},
                "\n".join(["                                          count        sum", "vendor"]
                          + [f"{v:<42}{n:>5}{t:>11}" for v, n, t in [
                              ("ONLINE TRANSFER TO CHK", 12, "-54000.00"),
                              ("IRS USATAXPYMT PPD ID:", 3, "-9150.00"),
                              ("COMCAST BUSINESS", 12, "-1079.88"),
                              ("OREGON DOR ESTPMT", 1, "-900.00"),
                              ("LINKEDIN PREMIUM", 12, "-479.88"),
                              ("AMAZON MKTPL", 7, "-431.17"),
                              ("SQSP", 12, "-276.00"),
                              ("MAILCHIMP", 12, "-240.00"),
                              ("STAPLES", 5, "-233.61"),
                              ("ZOOM.US", 12, "-191.88"),
                              ("FIGMA MONTHLY", 12, "-180.00"),
                              ("MONTHLY SERVICE FEE", 12, "-180.00"),
                              ("GOOGLE", 12, "-172.80"),
                              ("DROPBOX", 12, "-143.88"),
                              ("NOTION LABS", 12, "-120.00"),
                              ("1PASSWORD", 12, "-95.88")]]
                          + ["", "[16 rows x 2 columns]"]
                          + [f"# note: row {i}: category map pending" for i in range(1, 40)]))],
        facts=[HT("1079.88", "$1,079.88", "1,079.88")],
    )
    c.turn(
        "sam also sold some stock, fidelity 1099-B came. anything weird?",
        "Sam's Fidelity consolidated 1099: all short-term covered lots (Box A), total proceeds "
        "$18,412.07, no long-term sales. Two things to pass on to Dana:\n"
        "- Some INTC lots have a wash sale adjustment (code W on Form 8949): the loss is "
        "disallowed and added to the basis of the replacement shares. Fidelity already "
        "reported it, so it's just reporting.\n"
        "- Dividends $612.44 (qualified $588.10) and interest $41.87.\n\n"
        "Because the lots are covered with basis reported to the IRS, Dana can usually report "
        "them in summary on Schedule D.",
        tools=[("read_file", {"path": "~/taxes/2025/fidelity_2025_consolidated_1099.pdf"},
                fidelity_1099b(rng))],
        facts=[HT("$18,412.07", "18,412.07")],
    )
    c.turn(
        "do we have to pay estimates again for 2026? how much",
        "Yes, with this much self-employment income you'll owe estimates again. Your 2024 return "
        "shows total tax of $14,882, and Dana's note says the 2025 safe harbor was 100% of that "
        "because AGI was under $150,000. For 2026, the safe harbor is 100% of your 2025 total "
        "tax (110% if 2025 AGI is over $150,000, which it might be this year, about $150k). "
        "Practically: once Dana finishes 2025, take the total tax, subtract what Sam's "
        "withholding covers, and split the rest into four payments (Apr 15, Jun 15, Sep 15, "
        "Jan 15). No Washington estimates needed.",
        tools=[("read_file", {"path": "~/taxes/2024/2024_1040_summary_whitfield.pdf"}, return_2024())],
        facts=[HT("14,882", "$14,882")],
    )
    c.turn(
        "four equal payments is fine, september this year was lower because of the move and i "
        "hated that",
        "Four equal payments for 2026 it is. Once the 2025 return is done I'll compute the "
        "amount and put the four dates in your calendar. If income drops mid-year you can still "
        "lower the later ones, but equal payments keep it simple and avoid the penalty.",
        facts=[D("four equal payments", "equal quarterly payments", "4 equal payments")],
    )
    c.turn(
        "should we just file an extension? everyone says its fine",
        "An extension (Form 4868) only extends the time to file, not to pay: anything owed is "
        "still due April 15, with interest and penalties on the unpaid amount after that. "
        "Reasons it can make sense for you: it gives you until October 15 to fund the SEP "
        "(12.5k) and gives Dana slack for the Oregon part-year return. Reasons not to: with "
        "the package done by March 10, Dana should finish on time. I'd ask her: if she can "
        "file by April 15, no extension; if she wants one, pay a safe estimate with it.",
    )
    c.turn(
        "whats QBI, dana mentioned it last year",
        "QBI is the Qualified Business Income deduction (Section 199A): up to 20% of your "
        "qualified business income from a sole prop, deducted after AGI, on top of the standard "
        "deduction. In 2024 yours was $11,684. For 2025 it's roughly 20% of (net profit − half "
        "SE tax − SEP contribution): about ($79,600 − $5,600 − $12,500) × 20% ≈ $12,300, capped at "
        "20% of taxable income. As a designer you're below the income limits where "
        "service-business restrictions apply, so you get the full amount. It doesn't reduce SE "
        "tax.",
    )
    c.turn(
        "make it 12.5k for the SEP then, we have the cash",
        "OK: 12.5k for the SEP instead of 10k. With about $79,600 net profit, the limit is about "
        "($79,600 − $5,600) × 20% ≈ $14,800, so 12.5k fits. Open or fund the SEP-IRA before the "
        "filing deadline (Apr 15, 2026, or Oct 15 with an extension) and tell your broker it's a "
        "2025 contribution.",
        fix=[("10k in the SEP", "12.5k")],
    )
    c.turn(
        "how do i upload to dana? she sent something about a portal",
        "Her office sent a portal invite on Feb 3. Log in at portal.whitfieldcpa.com with your "
        "email; the first time it asks for the client access code WHT-8841-KQ, then you set your "
        "own password. Upload everything to the '2025 Individual' folder. The email also says: "
        "don't email documents with SSNs, use the portal (which fits your own rule).",
        tools=[("email_search", {"query": "Whitfield portal"},
                "[Feb 03] Whitfield CPA <office@whitfieldcpa.com> — Your secure client portal\n"
                "Hi Jessica and Sam,\nTo keep your information safe we use a secure portal instead of "
                "email attachments. Please do NOT email documents showing Social Security numbers.\n"
                "  1. Go to https://portal.whitfieldcpa.com\n"
                "  2. Click 'First time here?' and enter your email\n"
                "  3. Client access code: WHT-8841-KQ\n"
                "  4. Upload your documents to the folder '2025 Individual'\n"
                "Our organizer questionnaire is attached; please return it with your documents.\n"
                "Warmly, Dana Whitfield, CPA · Whitfield & Co.\n\n"
                "[Jan 15] Whitfield CPA — 2025 tax season reminders\n"
                "    Please send all documents early. Returns received after March 20 may be extended.\n\n"
                "[Dec 02] Whitfield CPA — Year-end planning\n"
                "    Consider funding retirement accounts and making 4th quarter estimates.")],
        facts=[HT("WHT-8841-KQ")],
    )
    c.turn(
        "what's the organizer questionnaire thing she attached, anything tricky in it?",
        "Mostly yes/no questions. The ones that apply to you:\n"
        "- 'Did you move during the year?' yes: Portland → Vancouver, Aug 1\n"
        "- 'Did you have a marketplace plan?' yes: upload the 1095-A\n"
        "- 'Did you buy or sell digital assets?' answer it even if no\n"
        "- 'Did you pay a household or childcare provider?' yes: Little Acorns, EIN on the statement\n"
        "- 'Did you make retirement contributions?' yes: SEP 12.5k (planned), Sam's HSA\n"
        "- 'Estimated payments' list: 4 federal ($12,350) + 1 Oregon ($900)\n"
        "- 'Any income not on a 1099?': the Brightline, Halvorsen, Stripe and Moss & Fern payments\n\n"
        "The tricky one is the move: Oregon wants a part-year return (Form OR-40-P) with income "
        "split by date, so the bank statement dates matter.",
    )
    c.turn(
        "how much of my income is oregon then? the split thing",
        "As a part-year resident, Oregon taxes income earned while you lived there (Jan 1-Jul 31) "
        "and Oregon-source income after. For your business that's roughly the receipts Jan-Jul "
        "(income is sourced where you do the work, and after Aug 1 you worked in Washington).\n\n"
        "From the bank export, Jan-Jul receipts: Northwind 7 × $4,050 = $28,350; Kestrel "
        "Mar-Jul 5 × $2,215 = $11,075; Brightline $8,500 (June) → $47,925. Aug-Dec: "
        "$43,310.50. Sam's wages split by pay date. Dana will do the exact split, but about 53% "
        "of your business income is Oregon income.",
        tools=[("run_python",
                {"code": "cr = df[(df.Amount>0) & ~df.Description.str.contains('VENMO')]\n"
                 "cr['month'] = pd.to_datetime(cr['Posting Date']).dt.month\n"
                 "print(cr.groupby(cr.month<=7).Amount.sum())"},
                "month\nFalse    43310.50\nTrue     47925.00\nName: Amount, dtype: float64")],
    )
    c.turn(
        "random q: is the u-haul deductible at all",
        "No. Moving expenses have only been deductible for active-duty military since 2018, and "
        "the 2025 law made that permanent. The U-Haul ($412.80 on Aug 1) stays personal.",
    )
    c.turn(
        "what about my phone, verizon is 142/mo and i use it a lot for clients",
        "You can deduct the business share. If roughly half of your use is client calls, Slack, "
        "and two-factor logins, 50% of $142 × 12 = $852 is reasonable. Pick a percentage you "
        "could explain (for example from a typical month's call log) and use it consistently. "
        "The line itself isn't deductible in full unless it's a separate business line.",
    )
    c.turn(
        "50% then. can you make the summary sheet for dana now? csv is fine",
        "Here's the summary I'll upload as 2025_summary_for_Dana.csv:\n\n"
        "Business (Schedule C, cash basis): gross receipts $91,235.50; 1099-NEC Northwind "
        "$48,600.00, Kestrel $24,365.00 (incl. INV-2025-052 paid 2026-01-06); expenses: software "
        "and subscriptions, Comcast, Adobe $659.88, MacBook Pro $2,899.00 + AppleCare $279.00 "
        "(expense in full), mileage 2,614 mi, home office simplified 180 sq ft, phone 50%, bank fees.\n"
        "Household: MFJ, standard deduction; Sam W-2 Box 1 69,850, HSA $3,100; marketplace "
        "$412/month (1095-A to upload); childcare Little Acorns $14,300, EIN 93-4817265; SEP "
        "12.5k planned.\nPayments: federal estimates $12,350.00; Oregon $900. Move: Aug 1, "
        "Portland OR → Vancouver WA.",
        tools=[("write_file", {"path": "~/taxes/2025/2025_summary_for_Dana.csv", "rows": 31},
                "wrote 31 rows to /Users/jess/taxes/2025/2025_summary_for_Dana.csv (2,418 bytes)")],
    )
    c.turn(
        "search the irs stuff quickly, is the simplified home office ok when you move mid year? "
        "and the health insurance thing with sam's job",
        "From the IRS publications:\n\n"
        "- Home office (Pub 587): yes, the simplified method works when you move. If the area "
        "changes during the year you average the monthly square footage; with the same 180 sq ft "
        "in both homes that's still 180 sq ft × $5 = $900.\n"
        "- Health insurance (Form 7206): you can't deduct premiums for any month you were eligible "
        "for a subsidized employer plan through your spouse. So it depends on whether Cascadia "
        "Health Partners offered family coverage with an employer contribution.\n"
        "- Also confirmed: 70 cents/mile, Section 179 for computers used more than 50% for "
        "business, SEP contributions allowed until the due date including extensions, and the "
        "$31,500 MFJ standard deduction.",
        tools=[("web_search", {"query": "site:irs.gov simplified method moved during year; self-employed "
                                        "health insurance spouse employer plan eligible"},
                irs_pub_snippets())],
    )
    c.turn(
        "sam asked HR. family coverage was offered but we declined. so no deduction?",
        "Correct, unfortunately: because you were eligible for Sam's subsidized family coverage, "
        "the $412/month premiums aren't deductible as self-employed health insurance. Two things "
        "still matter: (1) if you had advance premium tax credits, Form 8962 may require paying "
        "some back, since an affordable employer offer can make you ineligible; (2) keep "
        "the 1095-A in the package. Dana will sort out 8962.",
    )
    c.turn(
        "ok whats still missing before i upload",
        "Still missing:\n1. The 1095-A from healthcare.gov (download it)\n2. Sam's W-2 PDF (from "
        "Gusto)\n3. Mileage app export (the 2,614-mile file)\n4. Cabin booking + Venmo history for "
        "the sister reimbursements (just in case)\n5. SEP contribution confirmation once you fund "
        "the 12.5k\n6. Dana's organizer questionnaire, filled in\n\nEverything else is in the "
        "summary sheet.",
    )
    c.turn(
        "dana's office just asked which bank account for the business, last 4?",
        "The business checking is the Chase account ending 8836.",
        recall=["8836"],
    )
    c.turn(
        "and what was my total gross receipts again",
        "$91,235.50 for 2025 on a cash basis (Venmo from your sister excluded, INV-2025-052 moved "
        "to 2026).",
        recall=["91,235.50", "cash basis"],
    )
    c.turn(
        "the kestrel 1099 that didnt match, what did it say and why",
        "Kestrel Labs' 1099-NEC shows $24,365.00, but you received $22,150.00 in 2025. The "
        "difference is INV-2025-052 ($2,215), paid Jan 6, 2026, so it's 2026 income on a cash "
        "basis.",
        recall=["$24,365.00", "INV-2025-052"],
    )
    c.turn(
        "home office numbers for the form, she wants office and total sq ft",
        "Office 180 sq ft, whole home 1,450 sq ft (Portland apartment; the Vancouver office is the "
        "same size), with the simplified method: $900.",
        recall=["180 sq ft", "1,450 sq ft", "simplified method"],
    )
    c.turn(
        "when did we move again? she wants the exact date for the oregon part-year",
        "Aug 1, 2025: Portland, OR to Vancouver, WA. You were an Oregon resident Jan 1 to Jul 31.",
        recall=["Aug 1"],
    )
    c.turn(
        "how much did we pay in estimates federally, and was one different",
        "$12,350.00 in total: $3,200 in April, June and January, and $2,750.00 in September.",
        recall=["$12,350.00", "$2,750.00"],
    )
    c.turn(
        "what was the thing about the venmo money",
        "Don't count the Venmo transfers from your sister as income: they were her share of the "
        "cabin rental ($1,500 in three transfers). Keep the receipts in case Dana asks.",
        recall=["don't count the venmo transfers from my sister"],
    )
    c.turn(
        "deadline for dana is when now? and her portal code",
        "March 10 (she moved it from the 3rd). Portal access code: WHT-8841-KQ at "
        "portal.whitfieldcpa.com.",
        recall=["WHT-8841-KQ"],
    )
    c.turn(
        "ok uploading tonight. thanks for untangling this",
        "Good luck with the upload! Remember: never put your SSNs in an email, everything goes "
        "through the portal, and Dana files.",
        recall=["never put our SSNs in an email"],
    )
    return c.write(out)


# == 4. release management kassa-software (Dutch, git/CI logs) ===================================

AUTEURS_NL = ["Femke Jansen", "Daan de Vries", "Lotte Bakker", "Ruben Visser", "Sem Mulder",
              "Noor Smit", "Bram Meijer", "Iris de Boer", "Thijs Hendriks", "Jesse Peters"]
ONDERWERPEN_NL = [
    "fix: scanner debounce op Zebra DS2208", "feat: bonprinter Epson TM-m30III ondersteuning",
    "chore: bump spring-boot 3.3.4 -> 3.3.5", "refactor: prijsregels naar PricingService",
    "fix: retourbon toont verkeerde datum", "test: flaky test_kassa_sluiten gestabiliseerd",
    "feat: statiegeld per regel tonen", "fix: pin-terminal reconnect na timeout",
    "docs: runbook kassa-api bijgewerkt", "chore(deps): bump jackson-databind",
    "feat: klantkaart scannen via QR", "fix: korting 1+1 gratis bij gemengde artikelen",
    "perf: bonregels query met index", "fix: typo in dagafsluiting rapport",
    "ci: cache gradle dependencies", "feat(flag): nieuwe_bonprinter achter feature flag",
]


def git_log_nl(rng: random.Random) -> str:
    lines = []
    pinned = {
        17: ("c41d7e2", "Lotte Bakker", "KASSA-2291 fix: btw-afronding per regel bij hoog tarief (21%)"),
        31: ("9b0f5aa", "Ruben Visser", "KASSA-2270 feat: index op bonregel(bon_id, artikel_id) + migratie V212"),
        44: ("e8a1c33", "Daan de Vries", "KASSA-2302 fix: PAYMENT_TIMEOUT_MS configureerbaar per filiaal"),
    }
    for i in range(86):
        if i in pinned:
            h, who, msg = pinned[i]
        else:
            h = hexid(rng, 7)
            who = rng.choice(AUTEURS_NL)
            msg = f"KASSA-{rng.randint(2150, 2310)} {rng.choice(ONDERWERPEN_NL)}"
        day = 5 - i // 20
        lines.append(f"{h} {msg} ({who}, 2026-06-0{max(day, 1)})")
    lines.append("d2f9e01 Merge tag 'v4.11.3' into develop (Femke Jansen, 2026-05-12)")
    return "\n".join(lines)


def ci_log_nl(rng: random.Random) -> str:
    out = [
        "Pipeline #18423 · kassa-app · branch release/4.12 · commit 7af3e90 · triggered by push",
        "Status: FAILED · duration 14m 52s", "",
        "== job: build (ubuntu-22.04) ==  PASSED 3m 12s",
        "== job: lint ==  PASSED 0m 48s",
        "== job: unit-tests ==  FAILED 6m 31s", "",
    ]
    tests = ["test_scanner", "test_bon", "test_korting", "test_statiegeld", "test_retour",
             "test_pin", "test_dagafsluiting", "test_klantkaart", "test_prijsregels", "test_btw"]
    for i in range(210):
        mod = rng.choice(tests)
        case = f"{mod}_{rng.choice(['basis', 'leeg', 'gemengd', 'grens', 'negatief', 'afronding', 'meerdere_regels', 'timeout'])}_{rng.randint(1, 40)}"
        t = rng.randint(2, 900)
        out.append(f"tests/unit/{mod}.py::{case} PASSED [{(i + 1) * 100 // 240:>3}%] ({t}ms)")
        if i == 143:
            out.append("tests/unit/test_btw.py::test_btw_afronding_hoog_tarief FAILED [ 60%] (14ms)")
    out += [
        "", "=================================== FAILURES ===================================",
        "____________________ test_btw_afronding_hoog_tarief ____________________",
        "    def test_btw_afronding_hoog_tarief():",
        "        bon = Bon(regels=[Regel('koffiebonen 1kg', Decimal('12.99'), tarief=HOOG),",
        "                          Regel('filterpapier', Decimal('2.49'), tarief=HOOG),",
        "                          Regel('melkopschuimer', Decimal('84.51'), tarief=HOOG)])",
        ">       assert bon.btw_totaal(HOOG) == Decimal('17.35')",
        "E       AssertionError: assert Decimal('17.36') == Decimal('17.35')",
        "E        +  where Decimal('17.36') = <Bon 3 regels>.btw_totaal(HOOG)",
        "tests/unit/test_btw.py:88: AssertionError",
        "-------------------------------- captured log --------------------------------",
        "DEBUG pricing.btw: afronding modus=PER_REGEL (commit c41d7e2) regels=[2.25, 0.43, 14.67]",
        "", "========= 1 failed, 239 passed, 3 skipped in 391.27s =========",
        "", "== job: integration-tests ==  SKIPPED (needs: unit-tests)",
        "== job: docker-image ==  SKIPPED (needs: unit-tests)",
    ]
    return "\n".join(out)


def ci_green_nl(rng: random.Random) -> str:
    out = ["Pipeline #18437 · kassa-app · branch release/4.12 · commit 5be20c4 · PASSED 18m 03s", ""]
    for job, t in [("build", "3m 05s"), ("lint", "0m 51s"), ("unit-tests", "6m 40s"),
                   ("integration-tests", "5m 12s"), ("docker-image", "2m 15s")]:
        out.append(f"== job: {job} ==  PASSED {t}")
    out += ["", "docker-image log:"]
    for i in range(40):
        out.append(f"#{i + 1} [stage-{i % 3}] {rng.choice(['COPY', 'RUN', 'WORKDIR', 'ENV'])} ... "
                   f"{rng.choice(['CACHED', 'DONE ' + str(rng.randint(1, 30)) + '.' + str(rng.randint(0, 9)) + 's'])}")
    out += [
        "#41 exporting to image",
        "#41 naming to registry.kassa.nl/kassa/api:4.12.0-rc3 done",
        "#41 pushing layers 9/9 done",
        "digest: sha256:4e1b0c9a7d2f63e85b1a0c4f9e8d7b6a5c3e2f1d0b9a8c7e6d5f4a3b2c1d0e9f size: 2418",
        "build number: 1874",
        "artifact: kassa-desktop-4.12.0-rc3-b1874.msi (88.4 MB) uploaded to releases/4.12/",
    ]
    return "\n".join(out)


def diff_stat_nl(rng: random.Random) -> str:
    files = [
        "src/main/java/nl/kassa/pricing/BtwCalculator.java", "src/main/java/nl/kassa/pricing/Afronding.java",
        "src/main/java/nl/kassa/payment/PinTerminalClient.java", "src/main/java/nl/kassa/printer/EpsonTmM30.java",
        "src/main/java/nl/kassa/bon/BonregelRepository.java", "src/main/resources/application.yml",
        "src/main/resources/db/migration/V212__bonregel_index.sql",
        "src/main/resources/flags/nieuwe_bonprinter.yml", "tests/unit/test_btw.py", "tests/unit/test_pin.py",
    ]
    out = ["$ git diff --stat v4.11.3..release/4.12"]
    for f in files:
        n = rng.randint(3, 180)
        out.append(f" {f:<72} | {n:>4} {'+' * min(n // 6, 30)}{'-' * rng.randint(0, 8)}")
    for i in range(60):
        f = f"src/main/java/nl/kassa/{rng.choice(['ui', 'scanner', 'retour', 'rapport', 'klant'])}/{rng.choice(['View', 'Service', 'Mapper', 'Dto', 'Controller'])}{i}.java"
        n = rng.randint(1, 60)
        out.append(f" {f:<72} | {n:>4} {'+' * min(n // 6, 30)}")
    out.append(" 70 files changed, 2841 insertions(+), 977 deletions(-)")
    out += ["", "$ git diff v4.11.3..release/4.12 -- src/main/resources/application.yml",
            "@@ -41,9 +41,10 @@ kassa:",
            "   payment:",
            "     terminal: ccv",
            "-    timeout-ms: 30000",
            "+    timeout-ms: ${PAYMENT_TIMEOUT_MS:45000}",
            "+    # PAYMENT_TIMEOUT_MS=45000 default, per filiaal te overschrijven (KASSA-2302)",
            "     retries: 2",
            "   printer:",
            "-    model: epson-tm-t20",
            "+    model: ${PRINTER_MODEL:epson-tm-t20}",
            "", "$ cat src/main/resources/db/migration/V212__bonregel_index.sql",
            "-- KASSA-2270: versnelt dagafsluiting bij > 5000 bonnen",
            "CREATE INDEX CONCURRENTLY IF NOT EXISTS idx_bonregel_bon_artikel",
            "    ON bonregel (bon_id, artikel_id);"]
    return "\n".join(out)


def rollout_status_nl(rng: random.Random, weight: int) -> str:
    out = [
        "$ kubectl argo rollouts get rollout kassa-api -n kassa-prod",
        "Name:            kassa-api",
        "Namespace:       kassa-prod",
        "Status:          ॥ Paused",
        "Message:         CanaryPauseStep",
        "Strategy:        Canary",
        f"  Step:          1/6",
        f"  SetWeight:     {weight}",
        f"  ActualWeight:  {weight}",
        "Images:          registry.kassa.nl/kassa/api:4.11.3 (stable)",
        "                 registry.kassa.nl/kassa/api:4.12.0-rc3 (canary)",
        "Replicas:",
        "  Desired:       20", "  Current:       21", "  Updated:       1", "  Ready:         21",
        "  Available:     21", "",
        "NAME                                   KIND        STATUS     AGE   INFO",
        "⟳ kassa-api                            Rollout     ॥ Paused   412d",
        "├──# revision:58",
        "│  └──⧉ kassa-api-6f9c7d8b55           ReplicaSet  ✔ Healthy  11m   canary",
    ]
    out.append(f"│     └──□ kassa-api-6f9c7d8b55-{alnum(rng)}  Pod  ✔ Running  11m  ready:1/1")
    out.append("└──# revision:57")
    out.append("   └──⧉ kassa-api-58d4b7c9f6           ReplicaSet  ✔ Healthy  23d   stable")
    for _ in range(20):
        out.append(f"      ├──□ kassa-api-58d4b7c9f6-{alnum(rng)}  Pod  ✔ Running  {rng.randint(2, 23)}d  ready:1/1")
    out += ["", "Helm release: kassa-api chart kassa-api-2.8.1 (app 4.12.0-rc3) revision 58"]
    return "\n".join(out)


def metrics_nl(rng: random.Random) -> str:
    out = ["Grafana · dashboard 'kassa-api canary' · laatste 60 min · 1m resolutie",
           "tijd   | rps stable | rps canary | 5xx% stable | 5xx% canary | p95 ms stable | p95 ms canary | pin_timeouts canary"]
    for i in range(60):
        t = f"10:{i:02d}"
        c5 = rng.choice(["0.00", "0.00", "0.10", "0.00", "0.21"])
        if i == 47:
            c5 = "2.90"
        out.append(f"{t}  | {rng.randint(380, 460)} | {rng.randint(18, 26)} | {rng.randint(0, 9) / 100:.2f} | {c5} | "
                   f"{rng.randint(140, 190)} | {rng.randint(150, 210)} | {1 if i == 47 else 0}")
    out += ["", "samenvatting canary (60m): 5xx gemiddeld 0,42% · stable 0,04%",
            "pin_timeouts canary: 1 (filiaal 0113 Amersfoort Vathorst, terminal CCV-7741, 10:47, na 45s)",
            "alerts: geen firing"]
    return "\n".join(out)


def jira_nl(rng: random.Random) -> str:
    out = ["JQL: fixVersion = 4.12.0 ORDER BY status", "",
           "KEY        | TYPE  | STATUS        | ASSIGNEE      | SUMMARY"]
    fixed = [
        ("KASSA-2291", "Bug", "Done", "Lotte Bakker", "BTW-afronding per bon i.p.v. per regel bij hoog tarief"),
        ("KASSA-2270", "Story", "Done", "Ruben Visser", "Dagafsluiting traag bij grote filialen (index bonregel)"),
        ("KASSA-2302", "Story", "Done", "Daan de Vries", "PIN-timeout configureerbaar per filiaal"),
        ("KASSA-2288", "Story", "Done", "Noor Smit", "Ondersteuning Epson TM-m30III (achter flag nieuwe_bonprinter)"),
        ("KASSA-2311", "Bug", "In Review", "Sem Mulder", "Bonprinter snijdt laatste regel af bij QR-code"),
    ]
    for k, t, st, who, summ in fixed:
        out.append(f"{k} | {t:<5} | {st:<13} | {who:<13} | {summ}")
    for _ in range(48):
        k = f"KASSA-{rng.randint(2150, 2310)}"
        out.append(f"{k} | {rng.choice(['Bug', 'Story', 'Task']):<5} | {rng.choice(['Done', 'Done', 'Done', 'Closed']):<13} | "
                   f"{rng.choice(AUTEURS_NL):<13} | {rng.choice(ONDERWERPEN_NL).split(': ', 1)[1]}")
    out.append("\n53 issues")
    return "\n".join(out)


def git_show_nl() -> str:
    return """commit c41d7e2a9f03b6d1e4c88a51f0b27e9d3a6c1f45
Author: Lotte Bakker <lotte.bakker@kassa.nl>
Date:   Wed Jun 3 16:21:08 2026 +0200

    KASSA-2291 fix: btw-afronding per regel bij hoog tarief (21%)

    Franchisers kregen bij controle afwijkingen van 1 cent tussen bon en
    dagrapport. De boekhouding wil per regel afronden (zie Confluence
    'BTW-afronding kassa', besluit 28-05).

diff --git a/src/main/java/nl/kassa/pricing/BtwCalculator.java b/src/main/java/nl/kassa/pricing/BtwCalculator.java
index 5a1e2c0..9d3f7b1 100644
--- a/src/main/java/nl/kassa/pricing/BtwCalculator.java
+++ b/src/main/java/nl/kassa/pricing/BtwCalculator.java
@@ -12,31 +12,44 @@ import java.math.RoundingMode;
 public final class BtwCalculator {
 
-    private static final RoundingMode MODE = RoundingMode.HALF_EVEN;
+    private static final RoundingMode MODE = RoundingMode.HALF_UP;
+    private final AfrondingModus modus;
 
-    public BigDecimal btwTotaal(Bon bon, Tarief tarief) {
-        BigDecimal bruto = bon.regels().stream()
-            .filter(r -> r.tarief() == tarief)
-            .map(Regel::bedrag)
-            .reduce(BigDecimal.ZERO, BigDecimal::add);
-        return btwVan(bruto, tarief).setScale(2, MODE);
-    }
+    public BtwCalculator(AfrondingModus modus) {
+        this.modus = modus;
+    }
+
+    public BigDecimal btwTotaal(Bon bon, Tarief tarief) {
+        if (modus == AfrondingModus.PER_REGEL) {
+            BigDecimal som = BigDecimal.ZERO;
+            for (Regel r : bon.regels()) {
+                if (r.tarief() != tarief) continue;
+                BigDecimal regelBtw = btwVan(r.bedrag(), tarief);
+                log.debug("regel {} btw {}", r.omschrijving(), regelBtw.setScale(2, MODE));
+                som = som.add(regelBtw);          // <-- onafgerond opgeteld
+            }
+            return som.setScale(2, RoundingMode.CEILING);
+        }
+        BigDecimal bruto = bon.regels().stream()
+            .filter(r -> r.tarief() == tarief)
+            .map(Regel::bedrag)
+            .reduce(BigDecimal.ZERO, BigDecimal::add);
+        return btwVan(bruto, tarief).setScale(2, MODE);
+    }
 
     private static BigDecimal btwVan(BigDecimal bruto, Tarief tarief) {
         return bruto.multiply(tarief.percentage())
             .divide(tarief.percentage().add(HONDERD), 10, MODE);
     }
 }
diff --git a/src/main/java/nl/kassa/pricing/AfrondingModus.java b/src/main/java/nl/kassa/pricing/AfrondingModus.java
new file mode 100644
index 0000000..1b2c3d4
--- /dev/null
+++ b/src/main/java/nl/kassa/pricing/AfrondingModus.java
@@ -0,0 +1,6 @@
+package nl.kassa.pricing;
+
+public enum AfrondingModus {
+    PER_BON,
+    PER_REGEL
+}
diff --git a/tests/unit/test_btw.py b/tests/unit/test_btw.py
index 71d0e2a..0c9f4e8 100644
--- a/tests/unit/test_btw.py
+++ b/tests/unit/test_btw.py
@@ -80,6 +80,16 @@ def test_btw_laag_tarief_basis():
     assert bon.btw_totaal(LAAG) == Decimal('0.83')
 
+def test_btw_afronding_hoog_tarief():
+    bon = Bon(regels=[Regel('koffiebonen 1kg', Decimal('12.99'), tarief=HOOG),
+                      Regel('filterpapier', Decimal('2.49'), tarief=HOOG),
+                      Regel('melkopschuimer', Decimal('84.51'), tarief=HOOG)])
+    assert bon.btw_totaal(HOOG) == Decimal('17.35')
+"""


def trivy_nl(rng: random.Random) -> str:
    out = ["$ trivy image --severity MEDIUM,HIGH,CRITICAL registry.kassa.nl/kassa/api:4.12.0-rc3",
           "2026-06-08T09:14:02Z INFO Vulnerability scanning is enabled",
           "2026-06-08T09:14:09Z INFO Detected OS family=\"debian\" version=\"12.10\"",
           "", "registry.kassa.nl/kassa/api:4.12.0-rc3 (debian 12.10)",
           "Total: 9 (MEDIUM: 8, HIGH: 1, CRITICAL: 0)", "",
           "LIBRARY | VULNERABILITY | SEVERITY | INSTALLED | FIXED | TITLE"]
    libs = ["libssl3", "libc6", "zlib1g", "libgnutls30", "libexpat1", "libsqlite3-0", "perl-base", "tar"]
    for lib in libs:
        out.append(f"{lib} | KSA-OS-{rng.randint(1000, 9999)} | MEDIUM | {rng.randint(1, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 20)} | "
                   f"{rng.choice(['', 'fixed in next point release'])} | {rng.choice(['memory read past buffer', 'DoS via crafted input', 'integer overflow in parser', 'path traversal in archive'])}")
    out.append("libxml2 | KSA-OS-4410 | HIGH | 2.9.14 | 2.9.14+dfsg-1.4 | heap use-after-free in xmlreader (niet gebruikt door kassa-api)")
    out += ["", "Java (jar)", "Total: 3 (MEDIUM: 2, HIGH: 1, CRITICAL: 0)", "",
            "LIBRARY | VULNERABILITY | SEVERITY | INSTALLED | FIXED | TITLE",
            "com.fasterxml.jackson.core:jackson-core | KSA-J-0926 | HIGH | 2.17.1 | 2.18.2 | stack overflow bij diep geneste JSON",
            "io.netty:netty-codec-http | KSA-J-0731 | MEDIUM | 4.1.111 | 4.1.115 | header parsing",
            "org.yaml:snakeyaml | KSA-J-0415 | MEDIUM | 2.2 | 2.3 | alias expansion limits"]
    for i in range(130):
        out.append(f"2026-06-08T09:14:{10 + i % 50:02d}Z DEBUG analyzing layer sha256:{hexid(rng, 12)} ({rng.randint(1, 90)} MB)")
    return "\n".join(out)


def e2e_nl(rng: random.Random) -> str:
    out = ["$ npx playwright test --project=acceptatie --reporter=line", "Running 96 tests using 4 workers", ""]
    flows = ["aanmelden kassière", "artikel scannen", "korting 1+1 gratis", "statiegeld", "pinbetaling",
             "contant betalen", "retour met bon", "klantkaart QR", "dagafsluiting", "bon printen TM-T20",
             "bon printen TM-m30III (flag aan)", "lade openen", "prijs handmatig", "storno regel"]
    for i in range(96):
        f = flows[i % len(flows)]
        ms = rng.randint(800, 9000)
        status = "✓"
        if f.startswith("bon printen TM-m30III") and i > 80:
            status = "✘"
        out.append(f"  {status}  [{['chromium-kassa', 'webkit-kassa'][i % 2]}] › {f}.spec.ts:{rng.randint(10, 80)} › scenario {i % 7 + 1} ({ms}ms)")
    out += ["", "  1) bon printen TM-m30III (flag aan).spec.ts:44 › scenario 4",
            "     Error: expect(received).toContain(expected) // laatste regel 'Bedankt en tot ziens!' ontbreekt",
            "     (bekend: KASSA-2311)", "", "  1 failed", "  95 passed (6.4m)"]
    return "\n".join(out)


def migration_dryrun_nl() -> str:
    return """$ psql -h acc-db-01 -d kassa -c "\\timing on" -f V212__bonregel_index.sql
Timing is on.
psql:V212__bonregel_index.sql:3: NOTICE:  building index "idx_bonregel_bon_artikel" concurrently
CREATE INDEX
Time: 461233.918 ms (07:41.234)
$ psql -h acc-db-01 -d kassa -c "select relname, pg_size_pretty(pg_relation_size(oid)) from pg_class where relname in ('bonregel','idx_bonregel_bon_artikel')"
         relname          | pg_size_pretty
--------------------------+----------------
 bonregel                 | 184 GB
 idx_bonregel_bon_artikel | 21 GB
(2 rows)
$ psql -h acc-db-01 -d kassa -c "select indexrelid::regclass, indisvalid from pg_index where indexrelid = 'idx_bonregel_bon_artikel'::regclass"
        indexrelid        | indisvalid
--------------------------+------------
 idx_bonregel_bon_artikel | t
(1 row)
-- acceptatie-db is een kopie van prod van 2026-06-01 (bonregel 2,31 miljard rijen)"""


def release(out: Path) -> dict[str, Any]:
    rng = random.Random(4_12_0)
    c = Conversation(
        "release_nl",
        "nl",
        "software release management: POS app release 4.12, git history, CI failures, canary rollout",
        cues=("eigenlijk", "wacht", "sorry", "bedoel", "toch niet", "correctie", "foutje"),
    )
    c.turn(
        "goedemorgen. 4.12 van de kassa-app moet deze sprint de deur uit, ik ben release manager "
        "deze keer. branch is release/4.12, code freeze vrijdag 5 juni 12:00 en de release staat op "
        "dinsdag 9 juni. help je me het overzicht te houden?",
        "Goedemorgen! Zeker. Wat ik nu heb:\n\n"
        "- release: kassa-app 4.12\n- branch: release/4.12\n- code freeze: vrijdag 5 juni 12:00\n"
        "- release naar productie: dinsdag 9 juni\n\n"
        "Handig om vast te leggen: wie tekent af voor productie, wat het rollback-doel is, welke "
        "uitrolstrategie (canary, pilotwinkels) en welke afspraken er gelden (deployvensters, "
        "migraties). Zal ik beginnen met wat er sinds de vorige release in de branch zit?",
        facts=[H("release/4.12"), H("vrijdag 5 juni 12:00", "5 juni 12:00", "vr 5 juni 12:00")],
    )
    c.turn(
        "ja. vorige release was v4.11.3, dat is ook ons rollback-doel als het misgaat. en product "
        "owner Sanne de Wit moet aftekenen voordat we naar prod gaan, altijd",
        "Genoteerd: rollback-doel v4.11.3, en Sanne de Wit (PO) moet aftekenen voordat we naar "
        "prod gaan. Zonder haar akkoord geen productie-deploy. Ik haal de commits sinds v4.11.3 op.",
        facts=[H("v4.11.3", "4.11.3"),
               K("moet aftekenen voordat we naar prod gaan", "aftekenen voor prod",
                 "akkoord voordat we naar prod gaan", "sign-off voor prod", "aftekenen voordat we naar productie")],
    )
    c.turn(
        "wat zit er allemaal in sinds 4.11.3?",
        "86 commits sinds v4.11.3. De belangrijkste:\n\n"
        "- c41d7e2 KASSA-2291: btw-afronding per regel bij hoog tarief (Lotte)\n"
        "- 9b0f5aa KASSA-2270: index op bonregel + databasemigratie V212 (Ruben)\n"
        "- e8a1c33 KASSA-2302: PAYMENT_TIMEOUT_MS configureerbaar per filiaal (Daan)\n"
        "- Epson TM-m30III-ondersteuning achter de feature flag nieuwe_bonprinter\n"
        "- verder veel kleine fixes: scanner-debounce, retourbon-datum, 1+1-gratis-korting, "
        "statiegeld per regel, plus dependency-bumps (spring-boot 3.3.5, jackson).\n\n"
        "Let op: 9b0f5aa bevat een databasemigratie. Voor een minor release is dat normaal, maar "
        "als we later cherry-picks doen voor een patch moet je die in de gaten houden.",
        tools=[("shell", {"cmd": "git log --oneline --format='%h %s (%an, %ad)' --date=short v4.11.3..release/4.12"},
                git_log_nl(rng))],
        lead="Ik kijk in de git-historie.",
        facts=[HT("c41d7e2")],
    )
    c.turn(
        "de pipeline op release/4.12 is rood sinds gisteravond, kun je kijken wat er stuk is",
        "Pipeline #18423 faalt op één unit test: tests/unit/test_btw.py::test_btw_afronding_hoog_tarief. "
        "De test verwacht btw 17.35 op een bon met drie regels hoog tarief (12.99, 2.49 en 84.51), "
        "de code geeft 17.36.\n\n"
        "De debug-log laat zien dat de afronding sinds commit c41d7e2 (KASSA-2291) PER_REGEL "
        "gebeurt, met regelbedragen 2.25 + 0.43 + 14.67. Die tellen op tot 17.35, dus de regels "
        "zelf kloppen. btw_totaal() rekent het totaal kennelijk opnieuw uit op de onafgeronde "
        "waarden en rondt daarbij naar boven af. Het lijkt een bug in de fix, niet in de test.\n\n"
        "Integration tests en het Docker-image zijn overgeslagen omdat unit-tests rood is.",
        tools=[("ci", {"action": "logs", "pipeline": "latest", "branch": "release/4.12", "job": "*"},
                ci_log_nl(rng))],
        facts=[HT("test_btw_afronding_hoog_tarief"), HT("#18423", "18423")],
    )
    c.turn(
        "ok lotte kijkt ernaar. dat is KASSA-2291 toch, die moet er echt in want de belastingdienst-"
        "klacht van de franchisers",
        "Ja, dat is KASSA-2291 (c41d7e2). Die moet er dus in, en moet goed: liever de test en de fix "
        "samen corrigeren dan de test uitzetten. Ik zou Lotte vragen om expliciet vast te leggen "
        "welke afrondingsregel de boekhouding wil (per regel of per bon per tarief), want de test "
        "en de code zijn het daar nu niet over eens.",
        facts=[H("KASSA-2291")],
    )
    c.turn(
        "laat de diff van c41d7e2 eens zien, ik wil snappen wat lotte veranderd heeft",
        "In c41d7e2 heeft Lotte een AfrondingModus (PER_BON / PER_REGEL) toegevoegd aan "
        "BtwCalculator, en de standaard afronding gaat van HALF_EVEN naar HALF_UP. Het probleem "
        "zit in de PER_REGEL-tak: de btw per regel wordt gelogd als afgerond bedrag, maar "
        "onafgerond opgeteld (`som = som.add(regelBtw)`), en daarna rondt ze het totaal af met "
        "RoundingMode.CEILING, dus altijd naar boven. 17.3536 wordt dan 17.36. De fix is de "
        "regelbedragen eerst af te ronden en dan op te tellen, zonder CEILING. De test zelf klopt "
        "met het besluit van de boekhouding (per regel afronden).",
        tools=[("shell", {"cmd": "git show c41d7e2"}, git_show_nl())],
    )
    c.turn(
        "afspraken die gelden, schrijf ze ergens op: nooit deployen op vrijdag. en geen "
        "database-migraties in een patch release, alleen in minors",
        "Vastgelegd als releaseregels:\n1. nooit deployen op vrijdag\n2. geen database-migraties in een "
        "patch release (alleen in minor releases zoals 4.12.0)\n3. PO moet aftekenen voordat we "
        "naar prod gaan\n\nDe code freeze op vrijdag 5 juni is geen deploy, dus dat botst niet.",
        facts=[K("nooit deployen op vrijdag", "niet deployen op vrijdag", "geen deploys op vrijdag",
                 "nooit op vrijdag deployen"),
               K("geen database-migraties in een patch release", "geen migraties in een patch release",
                 "geen database-migraties in patch releases", "geen db-migraties in een patch")],
    )
    c.turn(
        "wat doen we met die nieuwe bonprinter flag? optie a: flag aan voor iedereen, optie b: flag "
        "uit in prod en alleen aan in acceptatie. ik neig naar b",
        "Ik zou ook b doen. KASSA-2311 (bonprinter snijdt laatste regel af bij QR-code) staat nog in "
        "review, en de meeste filialen hebben nog de TM-T20. Met de flag uit in prod verandert er "
        "voor winkels niets, en acceptatie kan de TM-m30III testen. Als KASSA-2311 klaar is kun je "
        "de flag per filiaal aanzetten zonder nieuwe release.",
    )
    c.turn(
        "ok we gaan voor optie b",
        "Besloten: optie b. Flag nieuwe_bonprinter staat uit in prod en aan in acceptatie. Ik zet het "
        "in de release notes onder 'achter feature flag, standaard uit'.",
        facts=[D("optie b", "flag uit in prod", "feature flag uit in prod")],
    )
    c.turn(
        "wat zit er eigenlijk in de config diff, ik wil niks verrassends in application.yml",
        "De diff sinds v4.11.3 (70 bestanden, +2841/−977). In application.yml twee wijzigingen:\n\n"
        "- payment.timeout-ms gaat van 30000 naar ${PAYMENT_TIMEOUT_MS:45000}: standaard wordt de "
        "pin-timeout dus 45 seconden in plaats van 30, per filiaal te overschrijven (KASSA-2302).\n"
        "- printer.model wordt configureerbaar via PRINTER_MODEL (standaard nog epson-tm-t20).\n\n"
        "En de migratie V212__bonregel_index.sql maakt een index met CREATE INDEX CONCURRENTLY, dus "
        "zonder tabel-lock. De 45 s timeout is wel iets om te melden aan support: klanten wachten "
        "langer voordat een mislukte pinbetaling afbreekt.",
        tools=[("shell", {"cmd": "git diff --stat v4.11.3..release/4.12 && git diff v4.11.3..release/4.12 -- "
                                 "src/main/resources/application.yml && cat src/main/resources/db/migration/V212__bonregel_index.sql"},
                diff_stat_nl(rng))],
        facts=[HT("PAYMENT_TIMEOUT_MS:45000", "PAYMENT_TIMEOUT_MS=45000", "45000"),
               HT("V212__bonregel_index.sql", "V212")],
    )
    c.turn(
        "uitrol: eerst de pilotwinkels Utrecht Overvecht en Amersfoort Vathorst, dan de rest. en "
        "canary op 10% voor de api",
        "Uitrolplan:\n1. kassa-api canary op 10% in kassa-prod\n2. desktop-client eerst naar de "
        "pilotwinkels Utrecht Overvecht en Amersfoort Vathorst\n3. na een dag zonder incidenten: "
        "de rest, in golven\n\nRollback: Argo Rollouts abort op de API, client terug naar v4.11.3.",
        facts=[H("Utrecht Overvecht"), H("Amersfoort Vathorst"),
               D("eerst de pilotwinkels", "pilotwinkels eerst")],
    )
    c.turn(
        "lotte heeft gefixt, pipeline weer groen? rc2 is build 1847 als het goed is",
        "Pipeline #18437 op release/4.12 (commit 5be20c4) is groen: build, lint, unit, integration "
        "en docker-image. Het image is registry.kassa.nl/kassa/api:4.12.0-rc3 en het artefact is "
        "kassa-desktop-4.12.0-rc3-b1874.msi. Dus dit is rc3, niet rc2, en het buildnummer in de log "
        "is 1874.",
        tools=[("ci", {"action": "logs", "pipeline": "latest", "branch": "release/4.12", "job": "docker-image"},
                ci_green_nl(rng))],
        facts=[HT("registry.kassa.nl/kassa/api:4.12.0-rc3", "kassa/api:4.12.0-rc3", "4.12.0-rc3")],
    )
    c.turn(
        "oh wacht ja, build 1874, niet 1847. ik draai de cijfers altijd om. rc3 dus",
        "Klopt: rc3 is build 1874. Die gebruiken we voor acceptatie en daarna voor de pilotwinkels.",
        fix=[("build 1847", "build 1874")],
    )
    c.turn(
        "draai ook even een trivy scan op dat image, security wil dat bij elke release",
        "Trivy op 4.12.0-rc3: geen CRITICAL. Wel twee HIGH:\n"
        "- jackson-core 2.17.1 (KSA-J-0926, stack overflow bij diep geneste JSON), opgelost in 2.18.2\n"
        "- libxml2 in het base image (KSA-OS-4410), wordt door kassa-api niet gebruikt\n\n"
        "En acht MEDIUM in OS-pakketten plus netty en snakeyaml. De jackson-bump uit de commits "
        "was blijkbaar nog niet genoeg. Voorstel: jackson-core naar 2.18.2 in 4.12.1, en het "
        "base image updaten. Voor 4.12.0 is het een bewust geaccepteerd risico: de api accepteert "
        "alleen JSON van eigen kassa's achter de gateway, met een limiet op request-grootte.",
        tools=[("shell", {"cmd": "trivy image --severity MEDIUM,HIGH,CRITICAL registry.kassa.nl/kassa/api:4.12.0-rc3"},
                trivy_nl(rng))],
    )
    c.turn(
        "ok, jackson accepteren we voor 4.12.0 en fixen we in 4.12.1. zet het in het ticket voor security",
        "Vastgelegd in het security-ticket: KSA-J-0926 (jackson-core) geaccepteerd voor 4.12.0, "
        "fix in 4.12.1 door bump naar 2.18.2; libxml2 via base-image-update in dezelfde patch. "
        "Geen migratie nodig, dus dat past binnen de patch-regels.",
        tools=[("jira", {"action": "create", "project": "SEC", "summary": "kassa-api 4.12.0: jackson-core KSA-J-0926 geaccepteerd, fix 4.12.1"},
                "created SEC-388 (fixVersion kassa 4.12.1)")],
        facts=[D("jackson accepteren we voor 4.12.0", "jackson geaccepteerd voor 4.12.0",
                 "jackson-core geaccepteerd", "fixen we in 4.12.1")],
    )
    c.turn(
        "release notes gaan naar #release-kassa op slack. maak een concept, nl graag, kort",
        "Concept voor #release-kassa:\n\n"
        "*kassa-app 4.12.0 (rc3, build 1874)*\n"
        "• BTW-afronding bij hoog tarief gecorrigeerd (KASSA-2291)\n"
        "• Dagafsluiting sneller in grote filialen (KASSA-2270, nieuwe database-index)\n"
        "• PIN-timeout standaard 45 s, per filiaal in te stellen (KASSA-2302)\n"
        "• Ondersteuning Epson TM-m30III, achter feature flag, standaard uit\n"
        "• Diverse fixes: scanner, retourbon, 1+1-gratis, statiegeld per regel\n"
        "Uitrol: eerst pilotwinkels Utrecht Overvecht en Amersfoort Vathorst.",
        facts=[H("#release-kassa", "release-kassa")],
    )
    c.turn(
        "wie heeft er deze week dienst? als het misgaat wil ik niet zoeken",
        "Volgens het on-call-rooster:\n- primair: Wouter Dekker (ma 8 – ma 15 juni)\n"
        "- secundair: Noor Smit\n- escalatie: teamlead platform.\n\nNa de release het "
        "nummer van Wouter in de release-thread zetten.",
        tools=[("oncall", {"schedule": "kassa-platform", "from": "2026-06-08", "to": "2026-06-15"},
                "schedule kassa-platform\n"
                + aligned(["START", "END", "LEVEL", "WHO"],
                          [["2026-06-08 09:00", "2026-06-15 09:00", "primary", "Wouter Dekker"],
                           ["2026-06-08 09:00", "2026-06-15 09:00", "secondary", "Noor Smit"],
                           ["always", "", "escalation", "teamlead-platform"]]))],
        facts=[HT("Wouter Dekker")],
    )
    c.turn(
        "dinsdag gaat niet door, de grootste franchiser heeft dinsdag inventarisatie in alle winkels. "
        "donderdag 11 juni wordt het",
        "Aangepast: de release gaat van dinsdag 9 juni naar donderdag 11 juni. Let op de regel "
        "'nooit deployen op vrijdag': als donderdag uitloopt, schuiven we naar maandag, niet naar "
        "vrijdag. De pilotwinkels draaien dan donderdag en vrijdag; de brede uitrol wordt op zijn "
        "vroegst maandag 15 juni.",
        fix=[("dinsdag 9 juni", "donderdag 11 juni")],
    )
    c.turn(
        "hoe breng ik die verschuiving naar de franchisers zonder dat ze gaan bellen",
        "Kort en met wat het voor hen betekent. Concept:\n\n"
        "\"Beste franchisers, de release van kassa-app 4.12 schuift van dinsdag naar donderdag "
        "11 juni, zodat jullie inventarisatie op dinsdag ongestoord kan verlopen. Voor jullie "
        "verandert er niets: de kassa's worden 's nachts bijgewerkt, eerst in twee pilotwinkels, "
        "daarna in golven vanaf maandag 15 juni. Belangrijkste verbetering: de btw-afronding op "
        "de bon sluit weer aan op het dagrapport. Vragen? Bel de servicedesk.\"\n\n"
        "Geen technische details, wel het voordeel (btw) en de geruststelling (jullie hoeven "
        "niets te doen).",
    )
    c.turn(
        "sanne is vanaf maandag met zwangerschapsverlof, Joris Kuipers neemt het over als PO. hij "
        "tekent af",
        "Genoteerd: de PO-aftekening voor prod gaat van Sanne de Wit over naar Joris Kuipers. Ik "
        "zet hem als approver in het release-ticket en nodig hem uit voor de go/no-go op donderdag "
        "11 juni.",
        fix=[("Sanne de Wit", "Joris Kuipers")],
    )
    c.turn(
        "welke tickets zitten in fixVersion 4.12.0? joris wil een lijstje",
        "53 issues in fixVersion 4.12.0. Voor Joris de vijf belangrijke:\n"
        "- KASSA-2291 (Bug, Done): btw-afronding hoog tarief\n"
        "- KASSA-2270 (Story, Done): dagafsluiting / index bonregel\n"
        "- KASSA-2302 (Story, Done): pin-timeout per filiaal\n"
        "- KASSA-2288 (Story, Done): Epson TM-m30III achter flag\n"
        "- KASSA-2311 (Bug, In Review): bonprinter snijdt laatste regel af bij QR-code\n\n"
        "KASSA-2311 is het enige open punt. Met optie b (flag uit in prod) blokkeert het de release "
        "niet: ik zou het naar 4.12.1 verplaatsen.",
        tools=[("jira", {"jql": "fixVersion = 4.12.0 ORDER BY status"}, jira_nl(rng))],
    )
    c.turn(
        "ja verplaats 2311 naar 4.12.1",
        "KASSA-2311 verplaatst naar fixVersion 4.12.1. In 4.12.0 zitten nu 52 issues.",
        tools=[("jira", {"action": "update", "issue": "KASSA-2311", "fixVersion": "4.12.1"},
                "KASSA-2311 updated: fixVersion 4.12.0 -> 4.12.1")],
    )
    c.turn(
        "hoe lang duurt die CREATE INDEX CONCURRENTLY op prod eigenlijk? bonregel is groot",
        "Op een grote tabel kan dat tientallen minuten duren, maar CONCURRENTLY blokkeert geen "
        "schrijfacties, dus kassa's blijven werken. Aandachtspunten:\n"
        "- het kan niet in een transactie; Flyway moet die migratie als niet-transactioneel draaien\n"
        "- als het halverwege faalt blijft er een INVALID index achter die je handmatig moet droppen\n"
        "- het kost extra IO; draai het buiten piekuren\n\n"
        "Als de index op acceptatie (met een kopie van prod) lang duurt, overweeg dan om de migratie "
        "vooraf los te draaien, op woensdagavond.",
    )
    c.turn(
        "draai hem op acceptatie, die db is een kopie van prod",
        "V212 op acceptatie (kopie van prod van 1 juni, bonregel 184 GB, 2,31 miljard rijen): de "
        "index is in 07:41 gebouwd, 21 GB groot en geldig (indisvalid = t). Op prod verwacht ik "
        "iets vergelijkbaars, 8 tot 10 minuten, zonder lock. Prima om met de release mee te laten "
        "gaan, als het maar niet tijdens de ochtendpiek van de winkels is.",
        tools=[("shell", {"cmd": "psql -h acc-db-01 -d kassa -f V212__bonregel_index.sql (timed)"},
                migration_dryrun_nl())],
        facts=[HT("07:41")],
    )
    c.turn(
        "e2e op acceptatie?",
        "Playwright op acceptatie: 95 van 96 geslaagd. De ene fout is 'bon printen TM-m30III "
        "(flag aan)': de laatste regel 'Bedankt en tot ziens!' ontbreekt, en dat is precies "
        "KASSA-2311. Omdat de flag in prod uit blijft (optie b) raakt het de winkels niet. "
        "Alle kassaflows met de TM-T20, pin, contant, retour en dagafsluiting zijn groen.",
        tools=[("shell", {"cmd": "npx playwright test --project=acceptatie --reporter=line"}, e2e_nl(rng))],
    )
    c.turn(
        "geen force-push op release branches trouwens, iemand deed dat vorige keer en we waren "
        "twee commits kwijt",
        "Genoteerd: geen force-push op release branches. Ik kan branch protection op release/* "
        "aanzetten (force-push en verwijderen geblokkeerd, PR met review verplicht). Zal ik dat doen?",
        facts=[K("geen force-push op release branches", "geen force-push op release/*",
                 "geen force push op release branches", "no force-push")],
    )
    c.turn(
        "ja doe maar",
        "Branch protection staat aan op release/*: force-push en verwijderen geblokkeerd, PR met "
        "minimaal één review, status check 'unit-tests' verplicht.",
        tools=[("shell", {"cmd": "gh api -X PUT repos/kassa/kassa-app/branches/release%2F4.12/protection --input protection.json"},
                '{"url":"https://api.github.com/repos/kassa/kassa-app/branches/release/4.12/protection",'
                '"required_status_checks":{"strict":true,"contexts":["unit-tests"]},'
                '"allow_force_pushes":{"enabled":false},"allow_deletions":{"enabled":false},'
                '"required_pull_request_reviews":{"required_approving_review_count":1}}')],
    )
    c.turn(
        "acceptatie test gaat goed zegt qa. joris heeft afgetekend. canary starten?",
        "Vandaag is het donderdag 11 juni, dus geen vrijdag-probleem, en Joris heeft afgetekend. "
        "Canary gestart op kassa-prod: kassa-api 4.12.0-rc3 op 10% van het verkeer, gepauzeerd na "
        "stap 1. Eén canary-pod naast 20 stabiele pods (4.11.3). Helm-chart kassa-api-2.8.1, "
        "revisie 58.",
        tools=[("shell", {"cmd": "kubectl argo rollouts set image kassa-api kassa-api=registry.kassa.nl/kassa/api:4.12.0-rc3 -n kassa-prod && kubectl argo rollouts get rollout kassa-api -n kassa-prod"},
                rollout_status_nl(rng, 10))],
        facts=[HT("kassa-api-2.8.1")],
    )
    c.turn(
        "hmm nee doe de canary op 5% eerst, 10 is te veel met die printers en pin-timeouts. zet terug",
        "Aangepast: canary op 5% in plaats van 10%. De rollout staat op SetWeight 5, nog steeds "
        "gepauzeerd na stap 1. Dashboards 'kassa-api canary' houd ik in de gaten.",
        tools=[("shell", {"cmd": "kubectl argo rollouts set weight kassa-api 5 -n kassa-prod"},
                "rollout 'kassa-api' weight set to 5\nStatus: ॥ Paused · SetWeight 5 · ActualWeight 5")],
        fix=[("canary op 10%", "canary op 5%")],
    )
    c.turn(
        "hoe ziet het er na een uur uit",
        "Na 60 minuten canary: 5xx gemiddeld 0,42% op de canary tegenover 0,04% op stable. Dat "
        "gemiddelde komt vooral door één piek om 10:47 (2,90%), precies toen er een pin-timeout was "
        "in filiaal 0113 Amersfoort Vathorst (terminal CCV-7741, na 45 s). Buiten die minuut is de "
        "canary gelijk aan stable; p95 iets hoger (150-210 ms vs 140-190 ms). Geen alerts.\n\n"
        "Het is dus één terminal in een pilotwinkel, en de 45 s is de nieuwe timeout uit KASSA-2302. "
        "Ik zou doorgaan, maar bij de CCV-terminal in Vathorst checken of die vaker timeouts had.",
        tools=[("grafana", {"dashboard": "kassa-api canary", "range": "60m"}, metrics_nl(rng))],
        facts=[HT("0,42%", "0.42%"), HT("CCV-7741")],
    )
    c.turn(
        "support zegt die terminal in vathorst heeft al weken gedoe, netwerkkastje. doorgaan",
        "Dan ligt het niet aan 4.12. Ik laat de canary op 5% tot morgenochtend en stel voor: "
        "vrijdag niks uitbreiden (nooit deployen op vrijdag, en een gewichtsverhoging is ook een "
        "deploy-stap), maandag 15 juni naar 25% en daarna 100%. De pilotwinkels draaien vandaag al "
        "de nieuwe client.",
    )
    c.turn(
        "goed plan. wat moet er in 4.12.1 dan",
        "Kandidaten voor 4.12.1:\n- KASSA-2311: bonprinter snijdt laatste regel af bij QR-code\n"
        "- eventueel bevindingen uit de pilot\n\nRegel: geen database-migraties in een patch release. "
        "Als iemand voor 4.12.1 iets met een migratie wil cherry-picken (zoals iets in de stijl van "
        "V212), dan gaat dat naar 4.13.",
    )
    c.turn(
        "ruben wil zijn tweede index ook in 4.12.1, V213. mag niet toch?",
        "Klopt, mag niet: een nieuwe migratie (V213) in een patch release botst met de regel geen "
        "database-migraties in een patch release. Opties voor Ruben: 4.13.0, of als het echt "
        "dringend is een uitzondering vragen aan Joris als PO, maar dan bewust en gedocumenteerd.",
    )
    c.turn(
        "schrijf even een korte go/no-go samenvatting voor joris",
        "Go/no-go kassa-app 4.12.0 (rc3, build 1874)\n\n"
        "- Status: GO voor brede uitrol maandag 15 juni\n"
        "- Canary kassa-api op 5%: 5xx 0,42% gemiddeld, door één pin-timeout (CCV-7741, bekend "
        "netwerkprobleem Vathorst), verder gelijk aan stable\n"
        "- Pilotwinkels Utrecht Overvecht en Amersfoort Vathorst: draaien 4.12 sinds donderdag\n"
        "- Bekend open punt: KASSA-2311 (bonprinter), naar 4.12.1; flag nieuwe_bonprinter staat uit\n"
        "- Rollback: argo abort + client terug naar v4.11.3\n- On-call: Wouter Dekker",
    )
    c.turn(
        "stuur naar joris en post de release notes in het kanaal",
        "Verstuurd naar Joris Kuipers en de release notes gepost in #release-kassa.",
        tools=[
            ("slack_post", {"channel": "#release-kassa", "text": "kassa-app 4.12.0 (rc3, build 1874) - release notes ..."},
             "ok: ts=1781171223.004100 channel=C04KASSA"),
            ("email_send", {"to": "joris.kuipers@kassa.nl", "subject": "Go/no-go 4.12.0", "body": "Zie samenvatting ..."},
             "sent: <go-nogo-4120@kassa.nl>"),
        ],
    )
    c.turn(
        "wat is het verschil tussen argo abort en helm rollback eigenlijk, voor als het misgaat",
        "- argo rollouts abort: zet het verkeer direct terug naar de stabiele ReplicaSet (4.11.3) en "
        "schaalt de canary af. Werkt binnen seconden, alleen tijdens of net na een rollout.\n"
        "- helm rollback kassa-api <revisie>: zet de hele Helm-release terug naar een eerdere "
        "revisie, inclusief config en chart. Trager, maar nodig als de rollout al 100% is.\n\n"
        "Migraties gaan met geen van beide terug: de index V212 blijft staan. Dat is hier geen "
        "probleem, want 4.11.3 werkt prima met een extra index.",
    )
    c.turn(
        "maandag: canary naar 25",
        "Maandag 15 juni: canary naar 25%. 5xx canary 0,05%, gelijk aan stable; geen pin-timeouts "
        "het afgelopen uur.",
        tools=[("shell", {"cmd": "kubectl argo rollouts set weight kassa-api 25 -n kassa-prod && kubectl argo rollouts get rollout kassa-api -n kassa-prod"},
                rollout_status_nl(rng, 25))],
    )
    c.turn(
        "en nu promoten naar 100%",
        "Gepromoot: kassa-api 4.12.0-rc3 draait op 100%, alle 20 pods op de nieuwe ReplicaSet. "
        "Rollout status Healthy. De oude ReplicaSet (4.11.3) blijft nog 24 uur op 0 replicas voor "
        "een snelle rollback.",
        tools=[("shell", {"cmd": "kubectl argo rollouts promote kassa-api --full -n kassa-prod"},
                "rollout 'kassa-api' fully promoted\nStatus: ✔ Healthy · Images: registry.kassa.nl/kassa/api:4.12.0-rc3 (stable)")],
    )
    c.turn(
        "tag maken: v4.12.0 op de rc3 commit",
        "Getagd: v4.12.0 op 5be20c4 (de commit van build 1874) en gepusht.",
        tools=[("shell", {"cmd": "git tag -a v4.12.0 5be20c4 -m 'kassa-app 4.12.0' && git push origin v4.12.0"},
                "To github.com:kassa/kassa-app.git\n * [new tag]         v4.12.0 -> v4.12.0")],
    )
    c.turn(
        "client rollout naar de rest van de winkels, hoeveel zijn dat er",
        "412 filialen in totaal, 2 pilotwinkels al op 4.12. Ik stel drie golven voor: dinsdag 16 juni "
        "100 winkels, woensdag 17 juni 150, donderdag 18 juni de rest (160). Niets op vrijdag.",
        tools=[("shell", {"cmd": "kassa-fleet list --version --group-by version"},
                "VERSION   WINKELS\n4.11.3    410\n4.12.0    2 (0107 Utrecht Overvecht, 0113 Amersfoort Vathorst)\n"
                + "\n".join(f"  {1000 + i} {rng.choice(['Utrecht', 'Zeist', 'Amersfoort', 'Hilversum', 'Nieuwegein', 'Houten', 'Woerden', 'Veenendaal'])} "
                            f"{rng.choice(['Centrum', 'Noord', 'Oost', 'Zuid', 'West', 'Station'])}  4.11.3  laatst gezien {rng.randint(1, 59)} min"
                            for i in range(160))
                + "\n... 250 more")],
    )
    c.turn(
        "ok goed. wat was de migratie ook alweer die erin zit? dba vraagt het",
        "V212__bonregel_index.sql (KASSA-2270, commit 9b0f5aa): CREATE INDEX CONCURRENTLY "
        "idx_bonregel_bon_artikel op bonregel (bon_id, artikel_id).",
        recall=["V212__bonregel_index.sql"],
    )
    c.turn(
        "welke branch en welke tag moet ik in het changelog zetten als vorige versie",
        "Branch release/4.12; de vorige versie (en rollback-doel) is v4.11.3.",
        recall=["release/4.12", "v4.11.3"],
    )
    c.turn(
        "wanneer was de code freeze ook alweer? voor de retro",
        "De code freeze was vrijdag 5 juni 12:00; de release zelf schoof van dinsdag naar "
        "donderdag 11 juni vanwege de inventarisatie bij de franchiser.",
        recall=["vrijdag 5 juni 12:00", "donderdag 11 juni"],
    )
    c.turn(
        "welk ticket was die btw-fix en welke commit? belastingdienst-verhaal voor de franchisers",
        "KASSA-2291, commit c41d7e2 (Lotte Bakker): btw-afronding per regel bij hoog tarief. De "
        "test die eerst faalde was test_btw_afronding_hoog_tarief in pipeline #18423.",
        recall=["KASSA-2291", "c41d7e2", "test_btw_afronding_hoog_tarief"],
    )
    c.turn(
        "support vraagt wat de nieuwe pin-timeout is",
        "Standaard 45 seconden (PAYMENT_TIMEOUT_MS:45000, was 30000), per filiaal te overschrijven "
        "via KASSA-2302.",
        recall=["PAYMENT_TIMEOUT_MS:45000"],
    )
    c.turn(
        "wie moet er aftekenen voor 4.12.1 straks",
        "Joris Kuipers als PO: hij moet aftekenen voordat we naar prod gaan, zolang Sanne met "
        "verlof is.",
        recall=["Joris Kuipers", "moet aftekenen voordat we naar prod gaan"],
    )
    c.turn(
        "en welke regels gelden er voor die patch, even op een rij",
        "Voor 4.12.1:\n- geen database-migraties in een patch release (V213 gaat naar 4.13)\n"
        "- nooit deployen op vrijdag\n- geen force-push op release branches\n- PO moet aftekenen "
        "voordat we naar prod gaan\n- flag nieuwe_bonprinter blijft uit in prod (optie b) tot "
        "KASSA-2311 erin zit.",
        recall=["geen database-migraties in een patch release", "nooit deployen op vrijdag",
                "geen force-push op release branches", "optie b"],
    )
    c.turn(
        "welke winkels waren de pilot, voor het retro-verslag",
        "Utrecht Overvecht (0107) en Amersfoort Vathorst (0113).",
        recall=["Utrecht Overvecht", "Amersfoort Vathorst"],
    )
    c.turn(
        "top, bedankt. retro is vrijdag, tot dan",
        "Graag gedaan! Ik zet de canary-cijfers, de btw-fix en de verschoven datum alvast in het "
        "retro-document. Tot vrijdag.",
    )
    return c.write(out)


# == 5. lab equipment procurement (English + Russian) =============================================


def freezer_catalog(rng: random.Random) -> str:
    brands = ["Kryotek", "Polarline", "NordCold", "FrostLab", "Cryomed", "ArcticLine"]
    rows = []
    pinned = {
        7: ["Kryotek", "ULT-780 Pro", "-86..-50", 728, "230V 1~ 50Hz", "760x895x1980", 52, "9.8", "R290/R170", "11 990"],
        15: ["Polarline", "PL-86-700", "-86..-40", 700, "400V 3~ 50Hz", "870x990x1995", 58, "12.1", "R404A", "10 450"],
        21: ["NordCold", "NC-U600e", "-86..-60", 600, "230V 1~ 50Hz", "810x870x1960", 49, "8.4", "R290/R170", "12 300"],
    }
    for i in range(64):
        if i in pinned:
            rows.append(pinned[i])
            continue
        cap = rng.choice([340, 420, 490, 570, 600, 700, 728, 800])
        volt = rng.choice(["230V 1~ 50Hz", "230V 1~ 50Hz", "400V 3~ 50Hz", "115V 1~ 60Hz"])
        w = rng.choice([640, 700, 760, 810, 870, 905])
        rows.append([rng.choice(brands), f"{rng.choice(['ULT', 'UF', 'CX', 'DF'])}-{rng.randint(300, 990)}{rng.choice(['', 'e', 'X', ' Pro'])}",
                     rng.choice(["-86..-50", "-86..-40", "-80..-60", "-90..-50"]), cap, volt,
                     f"{w}x{rng.randint(820, 1010)}x{rng.randint(1850, 2000)}", rng.randint(45, 62),
                     f"{rng.randint(60, 150) / 10}", rng.choice(["R290/R170", "R404A", "R507", "R290/R170"]),
                     f"{rng.randint(7, 16)} {rng.randint(0, 9)}{rng.randint(0, 9)}0"])
    feats = ["USB logger", "LAN/Modbus", "CO2 backup", "LN2 backup", "5 inner doors", "3 inner doors",
             "touchscreen", "key lock", "remote alarm", "castors", "vacuum release port", "4 racks incl."]
    for r in rows:
        r.append(", ".join(rng.sample(feats, 3)))
    head = ["brand", "model", "temp °C", "litres", "power", "W x D x H mm", "dB(A)", "kWh/day", "refrigerant",
            "list EUR ex VAT", "features"]
    return ("Catalog search: 'ULT freezer -80 upright 500-800 L' — 64 results (EU distributors)\n"
            + aligned(head, rows, 2)
            + "\n\nNotes: dimensions are external, without handle (+45 mm). 'list' = manufacturer list price; "
              "distributor discounts typically 8-20% for academic customers.")


def quotes_ru(rng: random.Random) -> str:
    noise_pool = [
        ("Conference desk", "Call for abstracts: Baltic Biomedical Meeting 2026", "Deadline 20 March."),
        ("IT dept", "Плановые работы на почтовом сервере", "В субботу с 8 до 12 почта может быть недоступна."),
        ("Sigma-ish Reagents", "Your order has shipped", "Order 88120443 (Tris base, 1 kg) dispatched."),
        ("Бухгалтерия", "Авансовые отчёты за февраль", "Просьба сдать до 10 марта."),
        ("Grant office", "Reminder: interim report", "Interim scientific report due in September."),
    ]
    noise_pool += [
        ("Кафедра", "Семинар в четверг", "Доклад Сергея о результатах по линии HCT116 переносится на 14:00, "
         "аудитория 305. Просьба принести данные по проточной цитометрии."),
        ("Safety officer", "Annual fire drill", "The annual fire drill in building B takes place on 19 March "
         "at 11:00. Please make sure corridors are free of boxes and dry ice containers."),
        ("Horizon ERP", "Password expires in 7 days", "Your Horizon ERP password expires soon. Change it via "
         "the self-service portal; the new password must differ from the last 5."),
        ("Andris Kalniņš", "re: freezer", "Olga, maybe we can find a used one, the old lab in Tartu sold "
         "theirs for 4k. Let me know. A."),
    ]
    noise = []
    for _ in range(30):
        who, subj, body = rng.choice(noise_pool)
        noise.append(f"[{rng.randint(1, 12):02d}.03] {who} — {subj}\n    {body}")
    q1 = """[09.03] LabTech Baltic SIA <sales@labtechbaltic.lv> — Quotation LTB-Q-26-0312 ULT freezer
Dear Ms. Petrova,
thank you for your inquiry. Please find our offer:
  Quotation no.: LTB-Q-26-0312 (valid 60 days)
  Item 1: Kryotek ULT-780 Pro upright -86 °C freezer, 728 L, 230V 1~ 50Hz,
          natural refrigerants R290/R170, W x D x H 760 x 895 x 1980 mm, 52 dB(A)
          incl. 5 inner doors, 4 shelves, USB logger, dry contact alarm
          list price 11 990,00 EUR, academic discount 12%: 10 551,20 EUR
  Item 2: 4 x stainless racks for 2" boxes                         4 x 96,00 EUR
  Item 3: delivery DAP Riga, unloading, positioning, installation   included
  Item 4: IQ/OQ documentation                                       350,00 EUR
  Total ex VAT: 11 285,20 EUR · VAT 21% extra
  Warranty: 24 месяца on the unit, 5 years on compressors
  Delivery: 4-5 weeks after order
  Supplier VAT: LV40103958211
Best regards, Mārtiņš Ozols, LabTech Baltic"""
    q2 = """[10.03] NordicLab Supply OÜ <offers@nordiclab.ee> — Pakkumine / Offer NLS-2026-118
Hello Olga,
  NordCold NC-U600e -86 °C, 600 L, 230V single phase, 810 x 870 x 1960 mm
  price 11 070,00 EUR ex VAT, delivery DAP Riga 650,00 EUR, installation 290,00 EUR
  Warranty 36 months. Lead time 8-10 weeks (factory in Finland).
  Total ex VAT: 12 010,00 EUR
Kind regards, NordicLab Supply"""
    q3 = """[11.03] ООО «Балтлабсервис» <info@baltlabservice.lv> — КП на морозильник -80
Ольга, добрый день!
Предлагаем Polarline PL-86-700 (700 л), питание 400 В трёхфазное, 870 x 990 x 1995 мм.
Цена 9 820,00 евро без НДС, доставка и установка 480,00 евро. Итого 10 300,00 евро.
Также есть демонстрационный экземпляр NordCold NC-U600e (2024 г.) за 7 900,00 евро.
Гарантия 12 месяцев. Срок поставки 3 недели.
С уважением, Дмитрий"""
    return "\n\n".join(noise[:10] + [q1] + noise[10:17] + [q2] + noise[17:22] + [q3] + noise[22:])


def procurement_rules() -> str:
    text = [
        "RĪGAS BIOMEDICĪNAS INSTITŪTS — Iepirkumu kārtība / Procurement procedure (internal, rev. 2025-09)",
        "English translation for staff. In case of doubt the Latvian text prevails.",
        "",
        "1. Scope. Applies to all purchases financed from institute funds, national grants (LZP, FLPP) and",
        "   EU projects. Public Procurement Law thresholds apply in addition to this procedure.",
        "2. Thresholds (per contract, ex VAT):",
        "   2.1 below 5 000 EUR: one quote, purchase by head of unit.",
        "   2.2 5 000 - 19 999 EUR: two written quotes, price comparison filed with the order.",
        "   2.3 20 000 - 41 999 EUR (supplies): three written quotes from independent suppliers;",
        "       comparison table signed by the requester and the project leader.",
        "   2.4 from 42 000 EUR (supplies): procurement procedure under Section 10 PPL via the EIS system.",
        "   Splitting a purchase to stay below a threshold is prohibited. Items of the same kind",
        "   bought within 12 months for the same project are added together.",
        "3. Grant-specific rules:",
        "   3.1 Equipment must be new. Refurbished, used or demonstration units are not eligible",
        "       costs in LZP projects.",
        "   3.2 Every invoice must state the project number; invoices without it are returned.",
        "   3.3 Equipment must be delivered and invoiced within the project's cost period.",
        "4. Orders: entered in Horizon ERP by the requester, approved by the project leader and the",
        "   finance department. PO number is generated on approval (format PO-YYYY-NNNNN).",
        "5. Payment: 30 days after delivery and acceptance; prepayment only with bank guarantee.",
        "6. Acceptance: delivery note signed by the requester; for equipment above 10 000 EUR an",
        "   acceptance protocol (installation, functional test) is required.",
        "7. Calibration: measuring instruments (balances, pipettes, thermometers) are accepted only",
        "   with a calibration certificate (ISO 17025 laboratory; for pipettes ISO 8655).",
        "8. Records: quotes, comparison and approvals are kept for 10 years after project end.",
        "",
        "--- Latviešu valodā (oriģināls) ---",
        "1. Darbības joma. Kārtība attiecas uz visiem iepirkumiem, kas tiek finansēti no institūta",
        "   līdzekļiem, valsts grantiem (LZP, FLPP) un ES projektiem. Papildus piemērojami Publisko",
        "   iepirkumu likuma sliekšņi.",
        "2. Sliekšņi (vienam līgumam, bez PVN):",
        "   2.1 līdz 5 000 EUR: viens piedāvājums, iegādi veic struktūrvienības vadītājs.",
        "   2.2 5 000 - 19 999 EUR: divi rakstiski piedāvājumi, cenu salīdzinājums pievienojams pasūtījumam.",
        "   2.3 20 000 - 41 999 EUR (piegādes): trīs rakstiski piedāvājumi no neatkarīgiem piegādātājiem;",
        "       salīdzinājuma tabulu paraksta pieprasītājs un projekta vadītājs.",
        "   2.4 no 42 000 EUR (piegādes): iepirkuma procedūra saskaņā ar PIL 10. pantu EIS sistēmā.",
        "   Iepirkuma sadalīšana, lai nepārsniegtu slieksni, ir aizliegta. Viena veida preces, kas",
        "   12 mēnešu laikā iegādātas vienam projektam, tiek summētas.",
        "3. Grantu īpašie noteikumi:",
        "   3.1 Iekārtām jābūt jaunām. Atjaunotas, lietotas vai demonstrācijas iekārtas LZP projektos",
        "       nav attiecināmās izmaksas.",
        "   3.2 Katrā rēķinā jānorāda projekta numurs; rēķini bez tā tiek atgriezti.",
        "   3.3 Iekārtām jābūt piegādātām un rēķiniem izrakstītiem projekta izmaksu periodā.",
        "4. Pasūtījumi: pieprasītājs ievada Horizon ERP, apstiprina projekta vadītājs un finanšu daļa.",
        "   PO numurs tiek ģenerēts pēc apstiprināšanas (formāts PO-GGGG-NNNNN).",
        "5. Apmaksa: 30 dienu laikā pēc piegādes un pieņemšanas; priekšapmaksa tikai ar bankas garantiju.",
        "6. Pieņemšana: piegādes pavadzīmi paraksta pieprasītājs; iekārtām virs 10 000 EUR nepieciešams",
        "   pieņemšanas akts (uzstādīšana, funkcionālā pārbaude).",
        "7. Kalibrēšana: mērinstrumenti (svari, pipetes, termometri) tiek pieņemti tikai ar kalibrēšanas",
        "   sertifikātu (ISO 17025 laboratorija; pipetēm ISO 8655).",
        "8. Dokumentācija: piedāvājumi, salīdzinājums un apstiprinājumi glabājami 10 gadus pēc projekta beigām.",
        "",
        "Annex 1: comparison table template",
        "  | supplier | offer no. | price ex VAT | delivery | warranty | compliant (Y/N) | notes |",
        "Annex 2: list of frequent suppliers (not binding)",
    ]
    suppliers = ["LabTech Baltic SIA", "NordicLab Supply OÜ", "Baltlabservice", "Baltic Scientific SIA",
                 "Medilab Riga", "Sartex Nordic", "BioFlow Lietuva UAB", "ScanLab Eesti", "Pipetta Baltics"]
    for i, s_ in enumerate(suppliers, 1):
        text.append(f"  {i}. {s_}")
    for i in range(30):
        text.append(f"Annex 3 line {i + 1}: CPV code {33000000 + i * 1111} — laboratory equipment category {i % 7 + 1}")
    return "\n".join(text)


def budget_sheet_ru(rng: random.Random) -> str:
    lines = ["Grant lzp-2025/1-0417 — budget tracking (sheet 'costs 2026')",
             "line | category | planned EUR | committed EUR | spent EUR | remaining EUR"]
    cats = [("1.1", "salaries", 96000, 24000, 23800), ("1.2", "social tax", 22656, 5664, 5617),
            ("2.1", "consumables", 18000, 3120, 2980), ("2.2", "animals / biobank fees", 6000, 0, 0),
            ("2.3", "publications (open access)", 4000, 0, 0), ("2.4", "travel", 5500, 1230, 1230),
            ("3.1", "equipment", 37500, 0, 0), ("4.1", "overhead 20%", 37931, 6802, 6725)]
    for code, cat, plan, com, spent in cats:
        lines.append(f"{code} | {cat} | {plan:,} | {com:,} | {spent:,} | {plan - com:,}".replace(",", " "))
    lines += ["", "log:"]
    for i in range(260):
        d = f"2026-0{rng.randint(1, 3)}-{rng.randint(1, 28):02d}"
        lines.append(f"{d} | {rng.choice(['2.1', '2.1', '2.4', '1.1'])} | {rng.choice(['Tris, PBS', 'pipette tips 10 racks', 'RNA kit', 'ethanol 5 L', 'conference fee', 'taxi airport', 'salary Feb', 'antibodies'])} | {rng.randint(40, 2400)}.00")
    lines.append("\nnote (finance, 05.03): equipment line reduced from 42 000 to 37 500 after LZP budget revision")
    return "\n".join(lines)


def centrifuge_catalog(rng: random.Random) -> str:
    rows = [["Baltic Scientific", "Centrix R-24", "24 x 1.5/2.0 mL + 4 x 50 mL", "-10..+40", "230V 1~", "21 000 g", "58", "6 480"]]
    for _ in range(50):
        rows.append([rng.choice(["Sartex", "Medilab", "Centrix", "Rotora", "Spinlab"]),
                     f"{rng.choice(['R', 'RC', 'MX', 'S'])}-{rng.randint(10, 60)}{rng.choice(['', 'K', 'R'])}",
                     rng.choice(["24 x 1.5/2.0 mL", "30 x 1.5 mL", "4 x 750 mL swing", "6 x 50 mL", "48 x 2.0 mL"]),
                     rng.choice(["-20..+40", "-10..+40", "+4..+40"]), rng.choice(["230V 1~", "230V 1~", "400V 3~"]),
                     f"{rng.randint(15, 30)} 000 g", str(rng.randint(52, 66)), f"{rng.randint(3, 14)} {rng.randint(100, 999)}"])
    head = ["supplier", "model", "rotor", "temp °C", "power", "max RCF", "dB(A)", "EUR ex VAT"]
    return "Catalog search: 'refrigerated microcentrifuge 24 place'\n" + aligned(head, rows, 2)


def pipette_quote_ru(rng: random.Random) -> str:
    lines = ["Pipetta Baltics — коммерческое предложение PB-0326-77 (действительно 30 дней)",
             "Клиент: Rīgas Biomedicīnas institūts, лаборатория молекулярной онкологии", "",
             "поз. | артикул | описание | кол-во | цена, EUR | сумма, EUR"]
    items = [("PB-1V-2", "механический дозатор 0,2-2 мкл", 4, 189.0), ("PB-1V-20", "механический дозатор 2-20 мкл", 4, 179.0),
             ("PB-1V-200", "механический дозатор 20-200 мкл", 4, 179.0), ("PB-1V-1000", "механический дозатор 100-1000 мкл", 4, 179.0),
             ("PB-CAL", "калибровка по ISO 8655 с сертификатом (за дозатор)", 16, 28.0),
             ("PB-STAND", "карусельный штатив на 6 дозаторов", 3, 64.0)]
    total = 0.0
    for i, (art, desc, q, pr) in enumerate(items, 1):
        total += q * pr
        lines.append(f"{i} | {art} | {desc} | {q} | {pr:.2f} | {q * pr:.2f}")
    lines += [f"ИТОГО без НДС: {total:.2f} EUR · НДС 21% не включён · доставка бесплатно", "",
              "Сертификаты калибровки выдаёт аккредитованная лаборатория (LATAK, ISO 17025).",
              "Гарантия на дозаторы 36 месяцев. Срок поставки 5 рабочих дней.", "",
              "Прайс-лист (выдержка):"]
    for _ in range(170):
        lines.append(f"  PB-{rng.choice(['8CH', '12CH', 'E1', 'TIP', 'FLT'])}-{rng.randint(10, 999)}  "
                     f"{rng.choice(['многоканальный дозатор', 'наконечники с фильтром, 96 шт', 'электронный дозатор', 'наконечники 1000 мкл, 10 штативов'])}  "
                     f"{rng.randint(12, 1300)}.00")
    return "\n".join(lines)


def tracking_ru(rng: random.Random) -> str:
    out = ["DHL Freight tracking 7741 2290 55 — LabTech Baltic SIA → Rīgas Biomedicīnas institūts",
           "Service: DHL Freight Euroconnect · 1 pallet · 318 kg · DAP Riga", ""]
    events = [("2026-04-20 16:02", "Shipment picked up", "Vilnius, LT"),
              ("2026-04-21 03:40", "Departed terminal", "Vilnius, LT"),
              ("2026-04-21 11:15", "Arrived at terminal", "Riga, LV"),
              ("2026-04-22 07:30", "Out for delivery (tail-lift truck)", "Riga, LV"),
              ("2026-04-22 10:05", "Delivered — signed: I. SOKOLOVA", "Pilsoņu iela 13, Riga")]
    for t, e, where in events:
        out.append(f"{t}  {e:<40} {where}")
    out += ["", "Scan history (terminal):"]
    for i in range(170):
        out.append(f"  2026-04-21 {rng.randint(0, 10):02d}:{rng.randint(0, 59):02d}  scan {rng.choice(['IN', 'OUT', 'SORT', 'WEIGH'])} "
                   f"bay {rng.randint(1, 40)} handler {rng.randint(100, 999)}")
    return "\n".join(out)


def freezer_spec() -> str:
    sec = [
        ("1. General", ["Model: Kryotek ULT-780 Pro (upright, 5 inner doors)", "Temperature range: -86 °C to -50 °C, setpoint step 1 °C",
                        "Capacity: 728 L gross; 576 boxes 2\" (50 mm) in 4 stainless racks per compartment",
                        "Refrigerant: R290 (propane) / R170 (ethane) cascade, total charge < 150 g per stage",
                        "Controller: 7\" touchscreen, event log 10 years, USB export, Ethernet/Modbus"]),
        ("2. Dimensions and weight", ["External W x D x H: 760 x 895 x 1980 mm (without handle; handle +45 mm, removable)",
                                      "Internal W x D x H: 600 x 650 x 1360 mm", "Door opening angle: 110° (min. clearance left 250 mm)",
                                      "Net weight: 286 kg; shipping weight 318 kg on pallet", "Minimum clearance: 100 mm rear and sides, 300 mm top"]),
        ("3. Electrical", ["Supply: 230 V ±10 %, 1~, 50 Hz; plug Schuko CEE 7/7", "Rated current: 6.5 A; start-up peak 18 A (< 1 s)",
                           "Recommended: dedicated 16 A circuit, type C breaker", "Energy consumption at -80 °C: 9.8 kWh/day (ambient 25 °C)",
                           "Heat output at -80 °C: 1 150 W"]),
        ("4. Performance", ["Pull-down to -80 °C (empty, ambient 25 °C): 5 h 10 min", "Door-open recovery (60 s): 14 min to -70 °C",
                            "Warm-up -80 → -50 °C after power failure (full load): 6 h 30 min", "Noise: 52 dB(A) at 1 m",
                            "Ambient operating range: +10 to +32 °C, humidity max. 80 %"]),
        ("5. Alarms", ["High/low temperature, door open, power failure (battery backup 72 h), filter clean",
                       "Dry contact (NO/NC) for remote alarm; SMS/e-mail via optional gateway"]),
        ("6. Installation", ["Transport upright only. If tilted > 30°, wait 24 h before switching on.",
                             "Door passage: unit passes an 800 mm door with handle removed.",
                             "Level with adjustable feet; lock castors after positioning."]),
        ("7. Maintenance", ["Clean condenser filter every 3 months", "Defrost inner doors when ice > 5 mm",
                            "Annual check by authorised service recommended"]),
    ]
    out = ["KRYOTEK ULT-780 Pro — TECHNICAL DATA SHEET rev. C (2025-11)", ""]
    for title, items in sec:
        out.append(title)
        out += [f"   {x}" for x in items]
        out.append("")
    out.append("8. Spare parts (extract)")
    for i in range(40):
        out.append(f"   KT-{7800 + i} {['inner door gasket', 'shelf 4-pos', 'castor', 'filter', 'battery pack', 'probe PT100', 'rack 5x4', 'fan 120 mm'][i % 8]}  EUR {20 + (i * 37) % 400}.00")
    return "\n".join(out)


def room_temp_log(rng: random.Random) -> str:
    out = ["BMS export — building B, room 214 (sensor B2-214-T1) — 2026-03-16 .. 2026-03-22, hourly",
           "timestamp | temp °C | rh % | hvac"]
    for d in range(16, 23):
        for h in range(0, 24, 2):
            base = 21.5 + (4.5 if 12 <= h <= 18 else 0) + rng.uniform(-0.8, 0.8)
            if d in (18, 19) and 13 <= h <= 17:
                base += 2.1
            out.append(f"2026-03-{d} {h:02d}:00 | {base:.1f} | {rng.randint(28, 45)} | {'ON' if 8 <= h <= 18 and d < 21 else 'OFF'}")
    out.append("max 29.3 °C (2026-03-19 16:00) · mean 23.4 °C · hvac off at weekends")
    return "\n".join(out)


def samples_list_ru(rng: random.Random) -> str:
    out = ["Сергей: вот что лежит в старом -80 (Revco, каб. 209), по полкам. всё надо перенести",
           "полка | коробка | что | кол-во пробирок | владелец | примечание"]
    owners = ["Сергей", "Ольга", "Марта", "Янис", "студенты"]
    what = ["РНК HCT116", "кДНК", "плазма пациентов (биобанк)", "клеточные линии, криостоки", "белковые лизаты",
            "плазмиды", "антитела аликвоты", "ткани FFPE? (проверить)", "сыворотки контроль"]
    for shelf in range(1, 6):
        for box in range(1, 17):
            out.append(f"{shelf} | {shelf}{box:02d} | {rng.choice(what)} | {rng.randint(20, 81)} | {rng.choice(owners)} | "
                       f"{rng.choice(['', '', '', 'подписать!', 'выбросить после 06/2026', 'биобанк, журнал обязателен'])}")
    out.append("итого примерно 80 коробок 2\" — влезет?")
    return "\n".join(out)


def install_thread_ru() -> str:
    return """[14.04] LabTech Baltic — PO-2026-00388 dispatch & installation
Dear Olga, the Kryotek ULT-780 Pro (S/N KT78P-2603-01184) leaves our Vilnius warehouse on 20 April
with DHL Freight. Our service engineer Aleksandrs Vītols will install the unit on 24 April at 10:00.
Please make sure: free access to room 214, a dedicated 230 V socket, and someone for the training
(approx. 45 min). The IQ/OQ protocol will be completed on site.

[15.04] Olga Petrova — RE: PO-2026-00388 dispatch & installation
Thank you, 24 April 10:00 works. Irina Sokolova will receive the delivery (+371 2641 8830).
Please note the door of room 214 is 80 cm.

[15.04] LabTech Baltic — RE: RE: PO-2026-00388
Noted, the handle will be removed for the passage. See you on the 24th.

[16.04] Facilities — electrician visit room 214
Dedicated 16 A circuit (type C) for the freezer installed, socket marked 'ULT -80 ONLY'.
"""




def procurement(out: Path) -> dict[str, Any]:
    rng = random.Random(2025_10_417)
    c = Conversation(
        "procurement_en_ru",
        "en+ru",
        "research lab procurement: -80 freezer, centrifuge, pipettes on a grant; quotes and rules",
        cues=("actually", "sorry", "oops", "i meant", "ошиблась", "извините", "точнее", "на самом деле",
              "поправка", "wait"),
    )
    c.turn(
        "Привет. Нужно закупить оборудование для лаборатории по гранту lzp-2025/1-0417: морозильник "
        "-80, центрифугу с охлаждением и дозаторы. Бюджет на всё 42 000 евро без НДС. Поможешь "
        "разобраться с поставщиками и бумагами?",
        "Привет! Да, конечно. Зафиксирую:\n\n"
        "- грант: lzp-2025/1-0417\n- что нужно: ультранизкотемпературный морозильник (-80 °C), "
        "центрифуга с охлаждением, дозаторы\n- бюджет: 42 000 евро без НДС на всё\n\n"
        "Чтобы подобрать модели, мне нужно знать: куда ставим (помещение, электропитание, размеры "
        "двери), сроки поставки, сколько дозаторов и каких объёмов, и какие у института правила "
        "закупок (сколько предложений нужно, кто подписывает).",
        facts=[H("lzp-2025/1-0417")],
    )
    c.turn(
        "delivery goes to building B, room 214, Pilsoņu iela 13. contact for delivery is Irina "
        "Sokolova, +371 2614 8830. PI is Dr. Andris Kalniņš, he signs everything",
        "Noted:\n- delivery address: Pilsoņu iela 13, building B, room 214\n- delivery contact: "
        "Irina Sokolova, +371 2614 8830\n- PI and signatory: Dr. Andris Kalniņš\n\n"
        "For the freezer the route to room 214 matters: is there a lift, and how wide are the doors "
        "on the way? ULT freezers of 600-800 L are usually 760-900 mm wide and weigh 250-350 kg.",
        facts=[H("room 214", "каб. 214", "комната 214"), H("Pilsoņu iela 13", "Pilsonu iela 13"),
               H("Irina Sokolova", "Ирина Соколова"), H("Andris Kalniņš", "Andris Kalnins", "Kalniņš")],
    )
    c.turn(
        "лифт грузовой есть. дверь в 214 — 80 см, я сама мерила. и там только 230 В однофазная сеть, "
        "трёхфазки нет",
        "Важные ограничения:\n- проём двери 80 см: морозильник должен проходить по ширине (или по "
        "глубине, если заносить боком) меньше 800 мм, с запасом на ручку и упаковку лучше ≤ 770 мм "
        "без ручки;\n- питание: только 230 В однофазная сеть, значит модели на 400 В трёхфазные "
        "сразу отпадают.\n\nПо центрифуге то же самое: нужна на 230 В.",
        facts=[H("80 см", "80 cm", "800 mm"),
               K("230 В однофазная", "230V single-phase", "230 V single phase", "230V 1~",
                 "230 В однофазн", "230 V single-phase")],
    )
    c.turn(
        "по нашим правилам закупки от 20 000 евро нужно три коммерческих предложения. если я "
        "правильно помню. найди правила, они где-то в интранете",
        "Нашёл внутренний порядок закупок (ред. 2025-09). Главное для нас:\n\n"
        "- 20 000 – 41 999 евро (поставки): три письменных предложения от независимых поставщиков, "
        "сравнительная таблица, подписи заявителя и руководителя проекта;\n"
        "- от 42 000 евро: процедура по закону о госзакупках через EIS;\n"
        "- дробить закупку, чтобы уйти под порог, запрещено; однотипные позиции по одному проекту "
        "за 12 месяцев суммируются;\n"
        "- по грантам LZP оборудование должно быть новым: восстановленные, б/у и демо-образцы не "
        "являются допустимыми расходами;\n"
        "- в каждом счёте должен стоять номер проекта, иначе его вернут;\n"
        "- оплата через 30 дней после поставки и приёмки; для оборудования дороже 10 000 евро нужен "
        "акт приёмки;\n- измерительные приборы (в том числе дозаторы) принимаются только с "
        "сертификатом калибровки (для дозаторов по ISO 8655).\n\n"
        "Так что ты правильно помнишь: три коммерческих предложения.",
        tools=[("intranet_search", {"query": "iepirkumu kārtība procurement procedure thresholds"},
                procurement_rules())],
        facts=[K("три коммерческих предложения", "three quotes", "3 quotes", "три предложения",
                 "three written quotes")],
    )
    c.turn(
        "ok so no demo units, no refurbished, nothing used. the PI always wants to save money that way, "
        "tell him no politely if it comes up. and every invoice has to have the grant number on it",
        "Agreed, and both are in the institute's rules (3.1 and 3.2), so it's easy to explain:\n"
        "- no demo units, no refurbished, nothing used: they aren't eligible costs in LZP projects, "
        "so a cheaper demo unit would end up paid from institute money;\n"
        "- every invoice has to have the grant number lzp-2025/1-0417 on it: I'll put this in each "
        "order and ask suppliers to confirm it.",
        facts=[K("no demo units, no refurbished", "no refurbished", "no demo units",
                 "без демо", "не демо"),
               K("every invoice has to have the grant number", "grant number on every invoice",
                 "номер гранта в каждом счёте", "invoice must state the project number",
                 "every invoice has to have the grant number lzp-2025/1-0417")],
    )
    c.turn(
        "морозильник: 600-800 литров, вертикальный. поищи что есть",
        "Из 64 моделей по нашим ограничениям (230 В однофазные, ширина < 800 мм) подходят немногие. "
        "Самые интересные:\n\n"
        "| модель | литры | питание | Ш × Г × В, мм | дБ | кВт·ч/сут | прайс, € |\n|---|---|---|---|---|---|---|\n"
        "| Kryotek ULT-780 Pro | 728 | 230 В | 760 × 895 × 1980 | 52 | 9,8 | 11 990 |\n"
        "| NordCold NC-U600e | 600 | 230 В | 810 × 870 × 1960 | 49 | 8,4 | 12 300 |\n"
        "| Polarline PL-86-700 | 700 | 400 В 3~ | 870 × 990 × 1995 | 58 | 12,1 | 10 450 |\n\n"
        "Polarline отпадает (трёхфазный). NordCold шириной 810 мм по ширине не пройдёт, только "
        "боком по глубине 870, тоже нет. Kryotek шириной 760 мм проходит в дверь 80 см (ручку "
        "снимают при заносе). Хладагенты R290/R170 ещё и экономичнее.",
        tools=[("catalog_search", {"query": "ULT freezer -80 upright 500-800 L", "region": "EU"},
                freezer_catalog(rng))],
        facts=[HT("ULT-780 Pro", "Kryotek ULT-780")],
    )
    c.turn(
        "fine, ask three suppliers for freezer quotes then. labtech baltic, nordiclab and "
        "baltlabservice, they're the ones we use",
        "Sent quote requests to LabTech Baltic, NordicLab Supply and Baltlabservice: -80 °C upright, "
        "600-800 L, 230 V single-phase only, max width 770 mm without handle (door 80 cm), new units "
        "only, delivery DAP Riga to Pilsoņu iela 13 room 214 with unloading and installation, "
        "invoice must state lzp-2025/1-0417.",
        tools=[("send_email", {"to": ["sales@labtechbaltic.lv", "offers@nordiclab.ee", "info@baltlabservice.lv"],
                               "subject": "RFQ: -80 °C upright freezer 600-800 L (project lzp-2025/1-0417)",
                               "body": "Dear colleagues, please quote a new -80 °C upright freezer, 600-800 L, "
                               "230 V single phase, max width 770 mm, DAP Riga incl. installation. "
                               "Invoices must state project lzp-2025/1-0417. Regards, Olga Petrova"},
                "sent to 3 recipients (msg-id <rfq-ult-0306@rbi.lv>)")],
    )
    c.turn(
        "forgot to say, pipettes: we need 12 штук, 4 sizes x 3",
        "Noted: 12 штук, four volume ranges × 3. Typical set: "
        "0.2-2 µL, 2-20 µL, 20-200 µL, 100-1000 µL. With calibration certificates per ISO 8655, "
        "as the rules require.",
    )
    c.turn(
        "ответы пришли? сравни",
        "Все три ответили:\n\n"
        "| поставщик | модель | цена без НДС | доставка/монтаж | гарантия | срок | соответствует |\n"
        "|---|---|---|---|---|---|---|\n"
        "| LabTech Baltic (LTB-Q-26-0312) | Kryotek ULT-780 Pro, 728 л | 11 285,20 € всего (скидка 12 %, "
        "IQ/OQ 350 €, стеллажи) | включены | 24 месяца, компрессоры 5 лет | 4-5 недель | да |\n"
        "| NordicLab Supply (NLS-2026-118) | NordCold NC-U600e, 600 л | 12 010,00 € всего | +940 € | 36 мес. | "
        "8-10 недель | нет: 810 мм не проходит в дверь |\n"
        "| Балтлабсервис | Polarline PL-86-700 | 10 300,00 € | включены | 12 мес. | 3 недели | "
        "нет: 400 В трёхфазный |\n\n"
        "Балтлабсервис ещё предложил демо-экземпляр NordCold за 7 900 €, но демо нельзя по правилам "
        "гранта. Единственное соответствующее предложение: LabTech Baltic.",
        tools=[("email_search", {"query": "quote freezer -80", "since": "2026-03-06"}, quotes_ru(rng))],
        facts=[HT("LTB-Q-26-0312"), HT("11 285,20", "11285.20", "11 285.20"),
               HT("24 месяца", "24 months")],
    )
    c.turn(
        "берём Kryotek у LabTech Baltic. а что с тем, что два других не подходят, это всё равно "
        "считается как три предложения?",
        "Решено: берём Kryotek ULT-780 Pro у LabTech Baltic (LTB-Q-26-0312).\n\n"
        "По правилам нужны три письменных предложения от независимых поставщиков, и они у нас есть. "
        "То, что два не соответствуют техническим требованиям, как раз и документируется в "
        "сравнительной таблице (колонка 'compliant' = N с причиной: 810 мм не проходит в дверь "
        "80 см; 400 В трёхфазный). Это нормальная практика. Таблицу подписываете ты и Dr. Kalniņš.",
        facts=[D("берём Kryotek", "Kryotek ULT-780 Pro у LabTech Baltic", "выбрали Kryotek",
                 "choose the Kryotek", "Kryotek from LabTech Baltic")],
    )
    c.turn(
        "pull the datasheet of the kryotek, i want to know if room 214 will cook. it's small, like 12 m2",
        "From the Kryotek ULT-780 Pro datasheet (rev. C):\n\n"
        "- heat output at -80 °C: 1 150 W, roughly a small fan heater running nonstop\n"
        "- ambient operating range +10 to +32 °C; energy figure given at 25 °C\n"
        "- 230 V, 6.5 A rated, 18 A start-up peak for under a second: they recommend a dedicated 16 A "
        "circuit (type C breaker)\n"
        "- clearance 100 mm rear and sides, 300 mm on top; door swing needs 250 mm on the left\n"
        "- passes an 800 mm door with the handle removed; transport upright, or wait 24 h if tilted\n"
        "- pull-down to -80 °C: 5 h 10 min; warm-up to -50 °C after a power cut: 6 h 30 min at full load\n\n"
        "In a 12 m² room, 1 150 W of continuous heat will push the temperature up by several degrees "
        "unless there's ventilation or AC. If the room already reaches the high 20s in the afternoon, "
        "you'd be close to the 32 °C limit. Is there a building sensor for 214?",
        tools=[("read_file", {"path": "procurement/2026/freezer/Kryotek_ULT-780_Pro_datasheet.pdf"},
                freezer_spec())],
        facts=[HT("1 150 W", "1150 W", "1.15 kW")],
    )
    c.turn(
        "есть датчик, BMS. посмотри за прошлую неделю",
        "Датчик B2-214-T1 за 16-22 марта: ночью около 21-22 °C, днём до 26-27 °C, максимум 29,3 °C "
        "19 марта в 16:00. В выходные кондиционер выключен. С морозильником (+1 150 Вт) днём будет "
        "выше 30 °C, а предел 32 °C. Я бы попросил у службы эксплуатации, чтобы вентиляция в 214 "
        "работала и в выходные, или поставить сплит. Без этого компрессор будет работать на "
        "пределе, особенно летом.",
        tools=[("bms_export", {"sensor": "B2-214-T1", "from": "2026-03-16", "to": "2026-03-22"},
                room_temp_log(rng))],
    )
    c.turn(
        "ок напишу в эксплуатацию. what's IQ/OQ btw, labtech charges 350 for it. do we need it",
        "IQ/OQ = Installation Qualification / Operational Qualification: a documented check that the "
        "unit was installed per spec (IQ: location, power, clearances, serial numbers, documents) and "
        "works per spec (OQ: reaches -80 °C, alarms trigger, door recovery, logger). It's common in "
        "GMP and accredited labs. For a research lab it isn't strictly required, but your acceptance "
        "protocol for equipment above 10 000 € needs much of the same content, and the biobank "
        "samples (patient plasma) make documented temperature performance valuable. For 350 € I'd "
        "keep it: it basically writes your acceptance protocol for you.",
    )
    c.turn(
        "сделай сравнительную таблицу по морозильнику для финансов, английский",
        "Comparison table — -80 °C upright freezer, project lzp-2025/1-0417\n\n"
        "| supplier | offer no. | model | price ex VAT | delivery | warranty | compliant | notes |\n"
        "|---|---|---|---|---|---|---|---|\n"
        "| LabTech Baltic SIA | LTB-Q-26-0312 | Kryotek ULT-780 Pro, 728 L | 11 285,20 € | 4-5 wk, DAP incl. "
        "installation | 24 months (compressors 5 y) | Y | selected |\n"
        "| NordicLab Supply OÜ | NLS-2026-118 | NordCold NC-U600e, 600 L | 12 010,00 € | 8-10 wk | 36 months | N | "
        "width 810 mm, does not pass 80 cm door |\n"
        "| Baltlabservice | e-mail 11.03 | Polarline PL-86-700, 700 L | 10 300,00 € | 3 wk | 12 months | N | "
        "400 V three-phase; room has 230 V single-phase only |\n\n"
        "Demo unit offered by Baltlabservice not considered (rule 3.1, not eligible). Signatures: "
        "requester O. Petrova, project leader A. Kalniņš.",
    )
    c.turn(
        "новости: нам урезали бюджет по оборудованию, теперь 37 500 евро. бухгалтерия прислала таблицу",
        "Обновил: бюджет по оборудованию был 42 000 евро, теперь 37 500 евро. В таблице гранта "
        "строка 3.1 'equipment' запланирована 37 500, пока ничего не закоммичено. Примечание "
        "финансового отдела от 05.03 подтверждает сокращение после ревизии LZP.\n\n"
        "Порог: с 37 500 мы в любом случае в диапазоне 20 000 – 41 999 (три предложения), "
        "процедура EIS не нужна. Морозильник 11 285,20 € занимает около 30 % бюджета.",
        tools=[("sheet_read", {"file": "grants/lzp-2025-1-0417/budget_2026.xlsx", "sheet": "costs 2026"},
                budget_sheet_ru(rng))],
        fix=[("42 000 евро", "37 500 евро")],
    )
    c.turn(
        "ой, ошиблась с телефоном Ирины, правильно +371 2641 8830. исправь везде",
        "Исправил: телефон Ирины Соколовой +371 2641 8830. Поставщикам я его ещё не отправлял, так "
        "что в заказы пойдёт правильный номер.",
        fix=[("+371 2614 8830", "+371 2641 8830")],
    )
    c.turn(
        "центрифуга: 24 места под 1,5/2 мл, с охлаждением до +4, хорошо бы ещё адаптер под 50 мл. "
        "что есть?",
        "Под твои требования (230 В, охлаждение, 24 × 1,5/2 мл, опция 50 мл) лучше всего выглядит "
        "Centrix R-24 от Baltic Scientific: ротор 24 × 1,5/2,0 мл плюс 4 × 50 мл, охлаждение от "
        "-10 до +40 °C, 21 000 g, 58 дБ, 230 В, прайс 6 480 € без НДС. Другие варианты либо "
        "трёхфазные, либо без 50 мл. Для трёх предложений можно запросить Sartex и Medilab на "
        "похожие модели.",
        tools=[("catalog_search", {"query": "refrigerated microcentrifuge 24 place 230V 50 mL adapter"},
                centrifuge_catalog(rng))],
    )
    c.turn(
        "запроси три предложения на центрифугу тогда. Baltic Scientific, Sartex Nordic и Medilab Riga",
        "Отправил запросы в Baltic Scientific, Sartex Nordic и Medilab Riga: центрифуга с "
        "охлаждением, 230 В однофазная, 24 × 1,5/2,0 мл + 4 × 50 мл, только новая, DAP Рига, номер "
        "проекта lzp-2025/1-0417 в счёте.",
        tools=[("send_email", {"to": ["info@balticscientific.lv", "sales@sartexnordic.com", "office@medilab.lv"],
                               "subject": "RFQ: refrigerated microcentrifuge (lzp-2025/1-0417)",
                               "body": "24 x 1.5/2.0 mL + 4 x 50 mL, 230 V single phase, cooling to +4 °C, new only."},
                "sent to 3 recipients (msg-id <rfq-cfg-0313@rbi.lv>)")],
    )
    c.turn(
        "ответы по центрифуге?",
        "Три ответа:\n- Baltic Scientific: Centrix R-24 с ротором 24 × 1,5/2 мл и адаптером 4 × 50 мл, "
        "5 990 € без НДС (скидка 8 %), гарантия 24 мес., поставка 3 недели.\n"
        "- Sartex Nordic: Sartex RC-24K, 6 640 €, без ротора 50 мл (+590 €).\n"
        "- Medilab Riga: Medilab MX-30R, 7 150 €, 30 × 1,5 мл, 50 мл не поддерживает.\n\n"
        "Соответствуют первые два; Baltic Scientific дешевле и с 50 мл в комплекте.",
        tools=[("email_search", {"query": "centrifuge quote", "since": "2026-03-13"},
                "[16.03] Baltic Scientific SIA — Offer BS-26-0441 Centrix R-24\n"
                "  Centrix R-24 refrigerated microcentrifuge, 230V 1~, rotor 24x1.5/2.0 mL (aerosol-tight)\n"
                "  + swing rotor 4x50 mL conical, list 6 480,00 EUR, academic -8% => 5 990,00 EUR ex VAT\n"
                "  Warranty 24 months, delivery 3 weeks DAP Riga, installation included.\n\n"
                "[17.03] Sartex Nordic — Quotation SN-Q-88213\n"
                "  Sartex RC-24K, 24x2.0 mL, -20..+40 °C, 6 640,00 EUR; 50 mL rotor option +590,00 EUR\n\n"
                "[17.03] Medilab Riga — КП 2026-03-17/2\n"
                "  Medilab MX-30R, 30x1,5 мл, 7 150,00 EUR, ротор 50 мл не предусмотрен.\n\n"
                "[15.03] Conference desk — Call for abstracts reminder\n    Deadline 20 March.")],
        facts=[HT("BS-26-0441"), HT("5 990,00", "5990.00", "5 990 €")],
    )
    c.turn(
        "центрифугу берём Centrix R-24 у Baltic Scientific",
        "Решено: Centrix R-24 у Baltic Scientific (BS-26-0441), 5 990,00 € без НДС. В сравнительной "
        "таблице: Sartex соответствует, но дороже; Medilab не соответствует (нет 50 мл).",
        facts=[D("Centrix R-24", "Centrix R-24 у Baltic Scientific")],
    )
    c.turn(
        "make it 16 pipettes, two new students start in may. still 4 sizes",
        "Updated: not 12 штук anymore but 16 pipettes, four sizes × 4. Pipetta Baltics can quote the set "
        "with ISO 8655 calibration per pipette. For the three-quote rule: pipettes are a separate "
        "kind of item, and if their total stays under 5 000 € one quote is enough, unless finance "
        "adds them to the equipment total. I'd still ask two suppliers to be safe.",
        fix=[("12 штук", "16 pipettes")],
    )
    c.turn(
        "pipetta baltics sent a quote, check it matches",
        "Pipetta Baltics quote PB-0326-77 (valid 30 days):\n"
        "- 4 × 0.2-2 µL (189 €), 4 × 2-20 µL, 4 × 20-200 µL, 4 × 100-1000 µL (179 € each)\n"
        "- 16 × ISO 8655 calibration with certificate (28 € each), from a LATAK/ISO 17025 lab\n"
        "- 3 carousel stands (64 €)\n- total ex VAT: 3 544,00 €, free delivery, 5 working days, "
        "36-month warranty\n\nIt matches: 16 pipettes, four sizes, calibration certificates.",
        tools=[("email_search", {"query": "Pipetta Baltics коммерческое предложение"}, pipette_quote_ru(rng))],
        facts=[HT("PB-0326-77"), HT("3544.00", "3 544,00", "3 544 €", "3544 EUR")],
    )
    c.turn(
        "ок. сколько всего получается и влезаем ли в 37 500?",
        "Итого без НДС:\n- морозильник Kryotek (LTB-Q-26-0312): 11 285,20 €\n- центрифуга Centrix "
        "R-24 (BS-26-0441): 5 990,00 €\n- дозаторы (PB-0326-77): 3 544,00 €\n\n"
        "Всего 20 819,20 €, остаток 16 680,80 € от 37 500. Влезаем с запасом. Обрати внимание: "
        "НДС 21 % (4 372,03 €) — если институт не возмещает НДС по гранту, он тоже идёт из бюджета, "
        "тогда всего 25 191,23 €.",
        tools=[("calc", {"expr": "11285.20+5990.00+3544.00; 37500-20819.20; 20819.20*0.21; 20819.20*1.21"},
                "20819.2\n16680.8\n4372.032\n25191.232")],
    )
    c.turn(
        "НДС нам возмещают, не считаем. а на остаток можно что-то ещё? PI хочет -20 морозильник",
        "Если НДС возмещается, остаток 16 680,80 €. Морозильник -20 °C на 400-600 л стоит обычно "
        "2 000 – 5 000 €, так что влезает. Но учти: по правилам однотипные позиции по проекту за "
        "12 месяцев суммируются. Морозильник -20 и -80 могут считаться одним видом, тогда сумма "
        "всё равно под 42 000, а три предложения у нас и так есть. Главное не покупать демо-образцы, "
        "даже если PI найдёт дешёвый.",
    )
    c.turn(
        "срок: всё должно быть поставлено до 15 апреля, там промежуточный отчёт",
        "Записал: поставка до 15 апреля. По срокам из предложений:\n- Kryotek: 4-5 недель → при "
        "заказе до 12 марта успеваем, сейчас уже впритык\n- Centrix: 3 недели → успеваем\n"
        "- дозаторы: 5 рабочих дней → без проблем\n\nКритичен морозильник: заказ нужно оформить в "
        "Horizon ERP в ближайшие дни.",
    )
    c.turn(
        "ладно, крайний срок поставки теперь 30 апреля, отчёт сдвинули",
        "Хорошо, вместо 15 апреля срок поставки теперь 30 апреля. С морозильником 4-5 недель это "
        "комфортно даже при заказе на следующей неделе.",
        fix=[("15 апреля", "30 апреля")],
    )
    c.turn(
        "Сергей прислал что лежит в старом -80, влезет всё в новый?",
        "По списку Сергея около 80 коробок 2\" (5 полок по 16). В Kryotek ULT-780 Pro помещается 576 "
        "коробок 2\" в стеллажах, но у нас в заказе только 4 стеллажа из LabTech (по 20-25 коробок "
        "каждый), так что на старте около 100 коробок. Влезет с запасом. Что бросилось в глаза:\n"
        "- несколько коробок 'подписать!' и 'выбросить после 06/2026', разобрать до переноса\n"
        "- плазма пациентов (биобанк) требует журнала: переносить с записью времени и температуры\n"
        "- 'ткани FFPE? (проверить)': FFPE хранится при комнатной температуре, в -80 им не место.",
        tools=[("chat_read", {"channel": "lab-molonc", "from": "Sergey", "last": 1}, samples_list_ru(rng))],
    )
    c.turn(
        "как перенести образцы, чтобы ничего не разморозить? план нужен",
        "План переноса:\n1. Новый морозильник включить минимум за 24 часа и проверить, что "
        "держит -80 °C и сигнализация работает.\n2. Подготовить сухой лёд (около 20 кг на 80 коробок) "
        "и 2-3 пенопластовых термобокса.\n3. Переносить по одной полке: коробки в термобокс на сухой "
        "лёд, сразу в новый стеллаж, дверь максимум 60 секунд.\n4. Биобанк первым, с записью "
        "времени в журнал.\n5. После переноса карта расположения (полка/стеллаж/позиция) в общую "
        "таблицу.\n6. Старый Revco оставить работать неделю как резерв, потом разморозить.\n\n"
        "Между кабинетами 209 и 214 коротко, так что это 2-3 часа работы вдвоём.",
    )
    c.turn(
        "оформи заказы в horizon. PO номера пришли?",
        "Три заявки созданы в Horizon ERP и утверждены Dr. Kalniņš и финансовым отделом:\n"
        "- морозильник, LabTech Baltic: PO-2026-00388\n- центрифуга, Baltic Scientific: PO-2026-00389\n"
        "- дозаторы, Pipetta Baltics: PO-2026-00390\n\nВ каждом заказе стоит номер проекта "
        "lzp-2025/1-0417 и адрес поставки Pilsoņu iela 13, корпус B, каб. 214, контакт Ирина Соколова "
        "+371 2641 8830.",
        tools=[("erp", {"action": "create_po", "lines": 3, "project": "lzp-2025/1-0417"},
                "Horizon ERP — purchase orders\n"
                + aligned(["PO", "SUPPLIER", "AMOUNT EX VAT", "STATUS", "APPROVED BY"],
                          [["PO-2026-00388", "LabTech Baltic SIA", "11 285,20", "APPROVED", "A. Kalniņš; Finance"],
                           ["PO-2026-00389", "Baltic Scientific SIA", "5 990,00", "APPROVED", "A. Kalniņš; Finance"],
                           ["PO-2026-00390", "Pipetta Baltics", "3 544,00", "APPROVED", "A. Kalniņš; Finance"]])
                + "\nproject: lzp-2025/1-0417 · budget line 3.1 equipment · committed 20 819,20 / 37 500,00")],
        facts=[HT("PO-2026-00388"), HT("PO-2026-00389")],
    )
    c.turn(
        "LabTech asks for the VAT number of the institute and wants to know if they can invoice 50% "
        "upfront",
        "VAT number: our institute's is on the letterhead (LV90000000000 in the template, please check "
        "against finance's official one before sending). On the 50% upfront: the rules say payment is "
        "30 days after delivery and acceptance, prepayment only with a bank guarantee. So I'd answer: "
        "no prepayment without a bank guarantee; standard terms 30 days after delivery and the signed "
        "acceptance protocol (required for equipment above 10 000 €).",
    )
    c.turn(
        "send that to them, politely",
        "Sent to Mārtiņš Ozols (LabTech Baltic): thanks for the order confirmation; per our procurement "
        "rules payment is 30 days after delivery and signed acceptance protocol; prepayment only against "
        "a bank guarantee; invoice must state project lzp-2025/1-0417 and PO-2026-00388.",
        tools=[("send_email", {"to": "sales@labtechbaltic.lv", "subject": "PO-2026-00388 — payment terms",
                               "body": "Dear Mārtiņš, thank you. Per our rules, payment 30 days after delivery and "
                               "acceptance; prepayment only with a bank guarantee. Please state lzp-2025/1-0417 "
                               "and PO-2026-00388 on the invoice. Best regards, Olga"},
                "sent (msg-id <po388-terms@rbi.lv>)")],
    )
    c.turn(
        "Дмитрий из Балтлабсервиса опять пишет про демо NordCold за 7 900, PI уже клюнул. что ему ответить?",
        "Вежливо, но твёрдо: демо-образцы по правилам гранта LZP не являются допустимыми расходами "
        "(п. 3.1 порядка закупок), поэтому купить его на грантовые деньги мы не можем. Кроме того, "
        "NordCold NC-U600e шириной 810 мм не проходит в дверь 80 см. Дмитрию: 'Спасибо, но по "
        "условиям проекта мы можем закупать только новое оборудование'. PI: то же плюс про дверь.",
    )
    c.turn(
        "what's the acceptance protocol supposed to include? never did one",
        "For equipment above 10 000 € the institute wants an acceptance protocol. Typically:\n"
        "1. identification: supplier, PO-2026-00388, model Kryotek ULT-780 Pro, serial number\n"
        "2. delivery check: complete, undamaged, documents (manual, CE declaration, IQ/OQ)\n"
        "3. installation: positioned in room 214, connected to 230 V, alarm contact tested\n"
        "4. functional test: pull-down to -80 °C within the time in the spec (usually < 6 h), "
        "door-open recovery, logger working\n5. training: who was trained\n6. signatures: you, "
        "the supplier's engineer, and the PI\n\nAfter that finance releases the 30-day payment.",
    )
    c.turn(
        "LabTech прислали дату монтажа?",
        "Да: инженер Aleksandrs Vītols ставит морозильник 24 апреля в 10:00, серийный номер "
        "KT78P-2603-01184, отправка из Вильнюса 20 апреля через DHL Freight. Эксплуатация уже сделала "
        "отдельную линию 16 А (тип C) с розеткой 'ULT -80 ONLY'. Ты им подтвердила 24-е и номер Ирины.",
        tools=[("email_search", {"query": "PO-2026-00388 installation"}, install_thread_ru())],
        facts=[HT("KT78P-2603-01184")],
    )
    c.turn(
        "морозильник отправили, есть трекинг?",
        "Да: DHL Freight 7741 2290 55, одна паллета 318 кг, DAP Рига. Забрали в Вильнюсе 20 апреля, "
        "22 апреля в 10:05 доставлено, расписалась И. Соколова на Pilsoņu iela 13. То есть морозильник "
        "уже у вас, до срока 30 апреля с запасом.",
        tools=[("web_fetch", {"url": "https://www.dhl.com/lv-en/home/tracking.html?tracking-id=7741229055"},
                tracking_ru(rng))],
        facts=[HT("7741 2290 55", "7741229055")],
    )
    c.turn(
        "что подготовить к приезду инженера 24-го?",
        "Подготовить:\n- свободное место в 214 с "
        "зазором ≥ 10 см сзади и по бокам для вентиляции\n- розетка 230 В, отдельная линия 16 А, "
        "без удлинителей\n- кабель от сухого контакта к системе аварийной сигнализации, если она "
        "есть\n- акт приёмки для подписи\n- человек на обучение (Ирина?)\n\nМорозильник должен "
        "простоять вертикально несколько часов перед включением, если его везли лёжа.",
    )
    c.turn(
        "Sartex wants to come and demo their centrifuge anyway, 'no obligation'. worth it?",
        "Probably not now. The decision is made and documented (Centrix R-24, BS-26-0441), and a demo "
        "doesn't change the comparison table. If you want to keep the relationship warm, say you'll "
        "contact them for the next purchase. One thing to avoid: accepting a 'demo unit left for a "
        "few weeks' — that's how labs end up with equipment that can't be paid from the grant.",
    )
    c.turn(
        "the electrician asks if the 16 A line is enough or he needs to upgrade, and if the start-up "
        "peak trips the breaker",
        "The 16 A dedicated line is what Kryotek recommends. The freezer draws 6.5 A rated; the "
        "start-up peak of 18 A lasts under a second, which a type C breaker (it trips at 5-10× rated "
        "current for instant trips) tolerates. So no upgrade needed, as long as nothing else is on "
        "that circuit: no kettle, no second freezer later on the same line.",
    )
    c.turn(
        "draft the RFQ for the -20 freezer so i can send it next week, english",
        "Subject: RFQ: -20 °C laboratory freezer (project lzp-2025/1-0417)\n\n"
        "Dear colleagues,\n\n"
        "Rīgas Biomedicīnas institūts requests a quotation for:\n"
        "- 1 × laboratory freezer -20 °C (range at least -25 to -15 °C), upright, 400-600 L\n"
        "- power: 230 V single-phase only\n"
        "- maximum width 770 mm without handle (door passage 80 cm)\n"
        "- new equipment only; demo, used or refurbished units cannot be accepted\n"
        "- delivery DAP Riga, Pilsoņu iela 13, building B, room 214, including unloading and "
        "positioning\n- temperature alarm with dry contact\n\n"
        "Please state price ex VAT, delivery time, warranty and the offer's validity. Invoices must "
        "state the project number lzp-2025/1-0417; payment 30 days after delivery and acceptance.\n\n"
        "Kind regards,\nOlga Petrova, lab manager",
    )
    c.turn(
        "Ирина спрашивает, что сказать инженеру про номер заказа и проект",
        "Номер заказа PO-2026-00388, проект lzp-2025/1-0417. Оба должны стоять в счёте и акте приёмки.",
        recall=["PO-2026-00388", "lzp-2025/1-0417"],
    )
    c.turn(
        "remind me where exactly it goes, the engineer asks",
        "Pilsoņu iela 13, building B, room 214. Door is 80 см, power 230 V single-phase only.",
        recall=["Pilsoņu iela 13", "room 214", "80 см"],
    )
    c.turn(
        "номер предложения LabTech для сравнительной таблицы и сумма?",
        "LTB-Q-26-0312, итого 11 285,20 € без НДС, гарантия 24 месяца (компрессоры 5 лет).",
        recall=["LTB-Q-26-0312", "11 285,20", "24 месяца"],
    )
    c.turn(
        "which model did we take in the end and why the other two were out",
        "Kryotek ULT-780 Pro from LabTech Baltic. NordCold NC-U600e was 810 mm wide (doesn't fit the "
        "80 cm door) and Polarline PL-86-700 needs 400 V three-phase, but room 214 only has 230 V "
        "single-phase (230V 1~).",
        recall=["ULT-780 Pro", "230 В однофазная"],
    )
    c.turn(
        "какой бюджет у нас сейчас по оборудованию и сколько осталось",
        "Бюджет по оборудованию 37 500 евро, закоммичено 20 819,20 €, остаток 16 680,80 € (НДС "
        "возмещается, не считаем).",
        recall=["37 500 евро"],
    )
    c.turn(
        "Ирина просит свой номер проверить, какой у меня записан",
        "+371 2641 8830 (исправленный).",
        recall=["+371 2641 8830"],
    )
    c.turn(
        "PI wants to buy the demo NordCold for the other lab from our grant money, can he?",
        "No: no demo units, no refurbished, nothing used on the grant. Rule 3.1: they aren't "
        "eligible costs in LZP projects. He'd have to pay from non-grant funds, and it wouldn't fit "
        "through an 80 cm door anyway.",
        recall=["no demo units, no refurbished"],
    )
    c.turn(
        "а сколько предложений нам надо было на центрифугу, я забыла",
        "Нужно было три коммерческих предложения (диапазон 20 000 – 41 999 €), и мы их получили: Baltic "
        "Scientific, Sartex Nordic, Medilab Riga.",
        recall=["три коммерческих предложения"],
    )
    c.turn(
        "спасибо, ты очень помог. завтра приёмка, потом займёмся -20",
        "Пожалуйста! Удачи с приёмкой: не забудь серийный номер в акт и подписи PI. Потом -20: "
        "начнём с трёх запросов и проверки двери.",
    )
    return c.write(out)


# == 6. home-lab migration docker-compose -> k3s (English, YAML/kubectl) =========================


def compose_yaml() -> str:
    services = {
        "traefik": ("traefik:v2.11", ["80:80", "443:443"], ["/volume1/docker/traefik:/etc/traefik"], {}),
        "nextcloud": ("nextcloud:29-apache", [], ["/volume1/docker/nextcloud:/var/www/html", "/volume1/nextcloud-data:/var/www/html/data"],
                      {"POSTGRES_HOST": "nextcloud-db", "NEXTCLOUD_TRUSTED_DOMAINS": "cloud.lab.hexnut.net"}),
        "nextcloud-db": ("postgres:16.2", [], ["/volume1/docker/nextcloud-db:/var/lib/postgresql/data"],
                         {"POSTGRES_DB": "nextcloud", "POSTGRES_USER": "nextcloud", "POSTGRES_PASSWORD": "${NC_DB_PASSWORD}"}),
        "paperless": ("ghcr.io/paperless-ngx/paperless-ngx:2.11", [], ["/volume1/docker/paperless/data:/usr/src/paperless/data",
                      "/volume1/docker/paperless/media:/usr/src/paperless/media", "/volume1/scans:/usr/src/paperless/consume"],
                      {"PAPERLESS_DBHOST": "paperless-db", "PAPERLESS_REDIS": "redis://paperless-redis:6379",
                       "PAPERLESS_OCR_LANGUAGE": "deu+eng", "USERMAP_UID": "1026", "USERMAP_GID": "100"}),
        "paperless-db": ("postgres:15.6", [], ["/volume1/docker/paperless/db:/var/lib/postgresql/data"],
                         {"POSTGRES_DB": "paperless", "POSTGRES_USER": "paperless", "POSTGRES_PASSWORD": "${PL_DB_PASSWORD}"}),
        "paperless-redis": ("redis:7.2-alpine", [], [], {}),
        "jellyfin": ("jellyfin/jellyfin:10.9.7", ["8096:8096"], ["/volume1/docker/jellyfin/config:/config", "/volume1/media:/media:ro"],
                     {"JELLYFIN_PublishedServerUrl": "https://tv.lab.hexnut.net"}),
        "homeassistant": ("ghcr.io/home-assistant/home-assistant:2024.8", [], ["/volume1/docker/homeassistant:/config"], {"TZ": "Europe/Berlin"}),
        "mosquitto": ("eclipse-mosquitto:2.0", ["1883:1883"], ["/volume1/docker/mosquitto:/mosquitto"], {}),
        "zigbee2mqtt": ("koenkk/zigbee2mqtt:1.39.1", [], ["/volume1/docker/z2m:/app/data"], {"TZ": "Europe/Berlin"}),
        "vaultwarden": ("vaultwarden/server:1.31.0", [], ["/volume1/docker/vaultwarden:/data"], {"SIGNUPS_ALLOWED": "false"}),
        "uptime-kuma": ("louislam/uptime-kuma:1.23", [], ["/volume1/docker/uptime-kuma:/app/data"], {}),
        "adguard": ("adguard/adguardhome:v0.107.52", ["53:53/udp", "53:53/tcp", "3000:3000"], ["/volume1/docker/adguard:/opt/adguardhome/work"], {}),
    }
    out = ["# ~/homelab/docker-compose.yml on the Synology DS920+ (last edited 2024-11-02)", "version: \"3.8\"", "",
           "x-common: &common", "  restart: unless-stopped", "  logging:", "    driver: json-file",
           "    options: { max-size: \"10m\", max-file: \"3\" }", "", "services:"]
    for name, (image, ports, vols, env) in services.items():
        out.append(f"  {name}:")
        out.append("    <<: *common")
        out.append(f"    image: {image}")
        out.append(f"    container_name: {name}")
        if name == "homeassistant":
            out.append("    network_mode: host")
        if name == "zigbee2mqtt":
            out += ["    devices:", "      - /dev/ttyUSB0:/dev/ttyACM0"]
        if name == "jellyfin":
            out += ["    devices:", "      - /dev/dri:/dev/dri"]
        if ports:
            out.append("    ports:")
            out += [f"      - \"{p}\"" for p in ports]
        if vols:
            out.append("    volumes:")
            out += [f"      - {v}" for v in vols]
        if env:
            out.append("    environment:")
            out += [f"      {k}: \"{v}\"" for k, v in env.items()]
        if name not in ("traefik", "homeassistant") and name not in ("adguard",):
            out += ["    labels:", "      - traefik.enable=true",
                    f"      - traefik.http.routers.{name}.rule=Host(`{name.split('-')[0]}.lab.hexnut.net`)",
                    f"      - traefik.http.routers.{name}.tls.certresolver=cf"]
        out.append("")
    out += ["networks:", "  default:", "    name: homelab"]
    return "\n".join(out)


def nodes_wide() -> str:
    return aligned(
        ["NAME", "STATUS", "ROLES", "AGE", "VERSION", "INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME"],
        [["tiny1", "Ready", "<none>", "2d", "v1.31.4+k3s1", "192.168.40.11", "<none>", "Debian GNU/Linux 12 (bookworm)", "6.1.0-28-amd64", "containerd://1.7.23-k3s2"],
         ["tiny2", "Ready", "control-plane,master", "2d", "v1.31.4+k3s1", "192.168.40.12", "<none>", "Debian GNU/Linux 12 (bookworm)", "6.1.0-28-amd64", "containerd://1.7.23-k3s2"],
         ["tiny3", "Ready", "<none>", "2d", "v1.31.4+k3s1", "192.168.40.13", "<none>", "Debian GNU/Linux 12 (bookworm)", "6.1.0-28-amd64", "containerd://1.7.23-k3s2"]])


def pods_all(rng: random.Random, pinned: Sequence[Sequence[str]]) -> str:
    ns_apps = {
        "kube-system": ["coredns", "local-path-provisioner", "metrics-server", "svclb-ingress-nginx-controller"],
        "metallb-system": ["controller", "speaker", "speaker", "speaker"],
        "cert-manager": ["cert-manager", "cert-manager-cainjector", "cert-manager-webhook"],
        "ingress-nginx": ["ingress-nginx-controller"],
        "nfs-provisioner": ["nfs-subdir-external-provisioner"],
        "nextcloud": ["nextcloud", "nextcloud-postgresql", "nextcloud-redis-master", "nextcloud-cron"],
        "vaultwarden": ["vaultwarden"], "uptime-kuma": ["uptime-kuma"], "adguard": ["adguard-home"],
        "jellyfin": ["jellyfin"], "monitoring": ["prometheus-server", "grafana", "node-exporter", "node-exporter",
                                                  "node-exporter", "kube-state-metrics", "alertmanager"],
        "tailscale": ["operator", "ts-subnet-router"],
    }
    rows = []
    for ns, apps in ns_apps.items():
        for app in apps:
            name = f"{app}-{hexid(rng, 9 if rng.random() < 0.7 else 10)}-{alnum(rng)}"
            rows.append([ns, name, "1/1", "Running", str(rng.choice([0, 0, 0, 1, 2])), f"{rng.randint(1, 47)}h",
                         f"10.42.{rng.randint(0, 2)}.{rng.randint(2, 250)}", rng.choice(["tiny1", "tiny2", "tiny3"])])
    for p in pinned:
        rows.append(list(p))
    rows.sort(key=lambda r: (r[0], r[1]))
    return aligned(["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE"], rows)


def describe_paperless(rng: random.Random) -> str:
    return """Name:             paperless-ngx-5c7d9b8f4-qx2lm
Namespace:        paperless
Priority:         0
Service Account:  default
Node:             tiny1/192.168.40.11
Start Time:       Sat, 14 Jun 2025 09:12:44 +0200
Labels:           app.kubernetes.io/instance=paperless
                  app.kubernetes.io/name=paperless-ngx
                  pod-template-hash=5c7d9b8f4
Status:           Running
IP:               10.42.0.57
Controlled By:    ReplicaSet/paperless-ngx-5c7d9b8f4
Containers:
  paperless-ngx:
    Image:          ghcr.io/paperless-ngx/paperless-ngx:2.11
    Port:           8000/TCP
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Sat, 14 Jun 2025 09:31:02 +0200
      Finished:     Sat, 14 Jun 2025 09:31:09 +0200
    Ready:          False
    Restart Count:  9
    Limits:
      memory:  2Gi
    Requests:
      cpu:     250m
      memory:  512Mi
    Environment:
      PAPERLESS_DBHOST:       paperless-postgresql
      PAPERLESS_REDIS:        redis://paperless-redis-master:6379
      PAPERLESS_OCR_LANGUAGE: deu+eng
      USERMAP_UID:            1026
      USERMAP_GID:            100
      PAPERLESS_URL:          https://paperless.lab.hexnut.net
    Mounts:
      /usr/src/paperless/consume from consume (rw)
      /usr/src/paperless/data from data (rw)
      /usr/src/paperless/media from media (rw)
Conditions:
  Type              Status
  PodReadyToStartContainers   True
  Initialized       True
  Ready             False
  ContainersReady   False
  PodScheduled      True
Volumes:
  data:
    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)
    ClaimName:  paperless-data
  media:
    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)
    ClaimName:  paperless-media
  consume:
    Type:      NFS (an NFS mount that lasts the lifetime of a pod)
    Server:    192.168.40.5
    Path:      /volume1/scans
    ReadOnly:  false
QoS Class:       Burstable
Events:
  Type     Reason     Age                  From               Message
  ----     ------     ----                 ----               -------
  Normal   Scheduled  19m                  default-scheduler  Successfully assigned paperless/paperless-ngx-5c7d9b8f4-qx2lm to tiny1
  Normal   Pulled     19m                  kubelet            Successfully pulled image "ghcr.io/paperless-ngx/paperless-ngx:2.11" in 41.3s
  Normal   Created    17m (x5 over 19m)    kubelet            Created container paperless-ngx
  Normal   Started    17m (x5 over 19m)    kubelet            Started container paperless-ngx
  Warning  BackOff    2m (x71 over 18m)    kubelet            Back-off restarting failed container paperless-ngx in pod paperless-ngx-5c7d9b8f4-qx2lm_paperless(1f0c..)"""


def paperless_logs(rng: random.Random) -> str:
    out = []
    for i in range(60):
        out.append(f"[init-start] {rng.choice(['Paperless-ngx docker container starting...', 'Installing languages...', 'Package tesseract-ocr-deu already installed!', 'Creating directory scratch directory /tmp/paperless', 'Adjusting permissions of paperless files. This may take a while.'])}")
    out += [
        "[init-user] Mapping UID and GID for paperless:paperless to 1026:100",
        "[init-folders] Running with root privileges, adjusting directories and permissions",
        "chown: changing ownership of '/usr/src/paperless/consume': Operation not permitted",
        "chown: changing ownership of '/usr/src/paperless/consume/.stfolder': Operation not permitted",
        "[init-db-wait] Waiting for postgresql to report ready",
        "[init-db-wait] Connected to PostgreSQL",
        "[init-migrations] Apply database migrations...",
        "django.db.utils.OperationalError: connection to server at \"paperless-postgresql\" (10.43.118.20), port 5432 failed: FATAL:  database files are incompatible with server",
        "DETAIL:  The data directory was initialized by PostgreSQL version 15, which is not compatible with this version 16.4.",
        "[init-migrations] Migrations failed, exiting",
    ]
    for i in range(90):
        out.append(f"{2025}-06-14 07:3{i % 10}:{rng.randint(10, 59)} [paperless.management.consumer] DEBUG Not consuming file: inotify event {rng.randint(1000, 9999)}")
    return "\n".join(out)


def ingress_values() -> str:
    return """# helm get values ingress-nginx -n ingress-nginx --all  (chart ingress-nginx-4.11.3, app v1.11.3)
controller:
  name: controller
  image:
    registry: registry.k8s.io
    image: ingress-nginx/controller
    tag: "v1.11.3"
    digestChroot: sha256:8f3c0d9e
  kind: DaemonSet
  ingressClassResource:
    name: nginx
    enabled: true
    default: true
    controllerValue: k8s.io/ingress-nginx
  config:
    use-forwarded-headers: "true"
    proxy-body-size: "10g"
    proxy-read-timeout: "3600"
    ssl-redirect: "true"
    hsts: "true"
    hsts-max-age: "31536000"
    allow-snippet-annotations: "false"
    enable-real-ip: "true"
  service:
    enabled: true
    type: LoadBalancer
    loadBalancerIP: ""
    annotations:
      metallb.universe.tf/address-pool: lan-pool
    externalTrafficPolicy: Local
    ports:
      http: 80
      https: 443
  admissionWebhooks:
    enabled: true
    patch:
      enabled: true
  metrics:
    enabled: true
    serviceMonitor:
      enabled: false
  resources:
    requests:
      cpu: 100m
      memory: 90Mi
  tolerations: []
  nodeSelector:
    kubernetes.io/os: linux
defaultBackend:
  enabled: false
tcp: {}
udp: {}
rbac:
  create: true
serviceAccount:
  create: true
  name: ""
podSecurityPolicy:
  enabled: false
revisionHistoryLimit: 10
---
$ kubectl get svc -n ingress-nginx
NAME                                 TYPE           CLUSTER-IP      EXTERNAL-IP      PORT(S)                      AGE
ingress-nginx-controller             LoadBalancer   10.43.201.17    192.168.40.201   80:31812/TCP,443:30443/TCP   3m
ingress-nginx-controller-admission   ClusterIP      10.43.55.190    <none>           443/TCP                      3m
ingress-nginx-controller-metrics     ClusterIP      10.43.12.4      <none>           10254/TCP                    3m"""


def ha_values() -> str:
    return """# homeassistant/values.yaml (draft)
image:
  repository: ghcr.io/home-assistant/home-assistant
  tag: "2024.8"
hostNetwork: true
dnsPolicy: ClusterFirstWithHostNet
nodeSelector:
  kubernetes.io/hostname: tiny3
securityContext:
  privileged: true
persistence:
  config:
    enabled: true
    storageClass: nfs-client
    size: 5Gi
    accessMode: ReadWriteOnce
service:
  type: ClusterIP
  port: 8123
ingress:
  enabled: true
  className: nginx
  hosts:
    - host: ha.lab.hexnut.net
      paths: [ { path: /, pathType: Prefix } ]
  tls:
    - secretName: wildcard-lab-hexnut-net-tls
      hosts: [ ha.lab.hexnut.net ]
---
# zigbee2mqtt/values.yaml (draft)
image:
  repository: koenkk/zigbee2mqtt
  tag: "1.39.1"
nodeSelector:
  kubernetes.io/hostname: tiny3
securityContext:
  privileged: true
volumes:
  - name: zigbee
    hostPath:
      path: /dev/serial/by-id/usb-ITead_Sonoff_Zigbee_3.0_USB_Dongle_Plus_9a4f21c3-if00-port0
      type: CharDevice
volumeMounts:
  - name: zigbee
    mountPath: /dev/ttyACM0
zigbee2mqtt:
  serial:
    port: /dev/ttyACM0
  mqtt:
    server: mqtt://mosquitto.homeassistant.svc:1883
  frontend:
    port: 8080
persistence:
  data:
    enabled: true
    storageClass: nfs-client
    size: 1Gi"""


def prom_values() -> str:
    return """# monitoring/values.yaml for kube-prometheus-stack 65.1.1 (trimmed to what we override)
fullnameOverride: kps
crds:
  enabled: true
defaultRules:
  create: true
  rules:
    etcd: false            # k3s single server uses sqlite
    kubeControllerManager: false
    kubeSchedulerAlerting: false
    kubeProxy: false
alertmanager:
  enabled: true
  config:
    route:
      receiver: ntfy
      group_by: [alertname, namespace]
      group_wait: 30s
      repeat_interval: 12h
    receivers:
      - name: ntfy
        webhook_configs:
          - url: http://ntfy.ntfy.svc/alertmanager
            send_resolved: true
  alertmanagerSpec:
    storage:
      volumeClaimTemplate:
        spec:
          storageClassName: nfs-client
          resources: { requests: { storage: 1Gi } }
grafana:
  enabled: true
  admin:
    existingSecret: grafana-admin
    userKey: user
    passwordKey: password
  ingress:
    enabled: true
    ingressClassName: nginx
    hosts: [ grafana.lab.hexnut.net ]
    tls:
      - secretName: wildcard-lab-hexnut-net-tls
        hosts: [ grafana.lab.hexnut.net ]
  persistence:
    enabled: true
    storageClassName: nfs-client
    size: 2Gi
  sidecar:
    dashboards:
      enabled: true
      searchNamespace: ALL
kubeEtcd:
  enabled: false
kubeControllerManager:
  enabled: false
kubeScheduler:
  enabled: false
kubeProxy:
  enabled: false
prometheus:
  prometheusSpec:
    retention: 30d
    retentionSize: 18GB
    resources:
      requests: { cpu: 200m, memory: 1Gi }
      limits: { memory: 2Gi }
    storageSpec:
      volumeClaimTemplate:
        spec:
          storageClassName: nfs-client
          accessModes: [ ReadWriteOnce ]
          resources: { requests: { storage: 20Gi } }
    nodeSelector:
      kubernetes.io/hostname: tiny1
    serviceMonitorSelectorNilUsesHelmValues: false
    podMonitorSelectorNilUsesHelmValues: false
    additionalScrapeConfigs:
      - job_name: synology-snmp
        static_configs:
          - targets: [ 192.168.40.5 ]
        metrics_path: /snmp
        params: { module: [ synology ] }
        relabel_configs:
          - source_labels: [ __address__ ]
            target_label: __param_target
          - target_label: __address__
            replacement: snmp-exporter.monitoring.svc:9116
prometheus-node-exporter:
  hostRootFsMount:
    enabled: true
kube-state-metrics:
  metricLabelsAllowlist:
    - pods=[app.kubernetes.io/name]"""


def nextcloud_values() -> str:
    return """# nextcloud/values.yaml  (chart nextcloud-6.2.4)
image:
  repository: nextcloud
  flavor: apache
  tag: 29.0.7-apache
nextcloud:
  host: cloud.lab.hexnut.net
  existingSecret:
    enabled: true
    secretName: nextcloud-admin
    usernameKey: username
    passwordKey: password
  trustedDomains: [ cloud.lab.hexnut.net ]
  configs:
    proxy.config.php: |-
      <?php
      $CONFIG = array (
        'trusted_proxies' => array('10.42.0.0/16'),
        'overwriteprotocol' => 'https',
        'overwrite.cli.url' => 'https://cloud.lab.hexnut.net',
        'default_phone_region' => 'DE',
        'maintenance_window_start' => 1,
      );
  extraVolumes:
    - name: ncdata
      nfs:
        server: 192.168.40.5
        path: /volume1/nextcloud-data
  extraVolumeMounts:
    - name: ncdata
      mountPath: /var/www/html/data
  phpConfigs:
    zz-memory.ini: |-
      memory_limit = 1024M
      upload_max_filesize = 10G
      post_max_size = 10G
internalDatabase:
  enabled: false
externalDatabase:
  enabled: true
  type: postgresql
  host: nextcloud-postgresql
  database: nextcloud
  existingSecret:
    enabled: true
    secretName: nextcloud-db
    usernameKey: db-username
    passwordKey: db-password
postgresql:
  enabled: true
  image:
    tag: 16.4.0
  global:
    postgresql:
      auth:
        existingSecret: nextcloud-db
  primary:
    persistence:
      enabled: true
      storageClass: nfs-client
      size: 8Gi
redis:
  enabled: true
  auth:
    enabled: true
    existingSecret: nextcloud-redis
    existingSecretPasswordKey: password
  architecture: standalone
cronjob:
  enabled: true
  schedule: "*/5 * * * *"
ingress:
  enabled: true
  className: nginx
  annotations:
    nginx.ingress.kubernetes.io/proxy-body-size: 10g
    nginx.ingress.kubernetes.io/server-snippet: ""
    nginx.ingress.kubernetes.io/enable-cors: "true"
  tls:
    - secretName: wildcard-lab-hexnut-net-tls
      hosts: [ cloud.lab.hexnut.net ]
persistence:
  enabled: true
  storageClass: nfs-client
  size: 8Gi
resources:
  requests: { cpu: 250m, memory: 512Mi }
  limits: { memory: 2Gi }
livenessProbe:
  initialDelaySeconds: 60
readinessProbe:
  initialDelaySeconds: 30
startupProbe:
  enabled: true
  failureThreshold: 30
metrics:
  enabled: false"""


def pv_list(rng: random.Random) -> str:
    claims = [("adguard", "adguard-data", "1Gi"), ("uptime-kuma", "uptime-kuma-data", "2Gi"),
              ("vaultwarden", "vaultwarden-data", "1Gi"), ("paperless", "paperless-data", "5Gi"),
              ("paperless", "paperless-media", "50Gi"), ("paperless", "data-paperless-postgresql-0", "8Gi"),
              ("paperless", "redis-data-paperless-redis-master-0", "1Gi"), ("jellyfin", "jellyfin-config", "10Gi"),
              ("nextcloud", "nextcloud-nextcloud", "8Gi"), ("nextcloud", "data-nextcloud-postgresql-0", "8Gi"),
              ("nextcloud", "redis-data-nextcloud-redis-master-0", "1Gi"), ("monitoring", "prometheus-kps-prometheus-db-prometheus-kps-prometheus-0", "20Gi"),
              ("monitoring", "kps-grafana", "2Gi"), ("monitoring", "alertmanager-kps-alertmanager-db-alertmanager-kps-alertmanager-0", "1Gi"),
              ("backup", "backups", "100Gi"), ("homeassistant", "homeassistant-config", "5Gi"), ("homeassistant", "zigbee2mqtt-data", "1Gi"),
              ("homeassistant", "mosquitto-data", "1Gi")]
    rows = []
    pinned = "pvc-8e27d4a1-5b3c-4f19-a6d2-7c90e1f4b582"
    for ns, claim, cap in claims:
        vol = pinned if claim == "paperless-media" else (
            f"pvc-{hexid(rng, 8)}-{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 12)}")
        rows.append([vol, cap, "RWO" if "postgresql" in claim or "redis" in claim else "RWX", "Delete", "Bound",
                     f"{ns}/{claim}", "nfs-client", f"{rng.randint(1, 30)}h"])
    out = aligned(["NAME", "CAPACITY", "ACCESS MODES", "RECLAIM POLICY", "STATUS", "CLAIM", "STORAGECLASS", "AGE"], rows)
    out += "\n\n$ ssh nas ls -1 /volume1/k8s\n" + "\n".join(
        f"{r[5].replace('/', '-')}-{r[0]}" for r in rows)
    out += "\n\nNOTE: reclaimPolicy Delete + archiveOnDelete=true -> deleted PVC folders are renamed archived-*"
    return out


def describe_node_tiny3(rng: random.Random) -> str:
    out = ["Name:               tiny3", "Roles:              <none>",
           "Labels:             beta.kubernetes.io/arch=amd64", "                    kubernetes.io/hostname=tiny3",
           "                    node.kubernetes.io/instance-type=k3s", "                    intel.feature.node.kubernetes.io/gpu=true",
           "Addresses:", "  InternalIP:  192.168.40.13", "  Hostname:    tiny3",
           "Capacity:", "  cpu:                 6", "  memory:              32617428Ki", "  gpu.intel.com/i915:  1", "  pods:                110",
           "Allocatable:", "  cpu:                 6", "  memory:              32617428Ki", "  pods:                110",
           "System Info:", "  Kernel Version:             6.1.0-28-amd64", "  OS Image:                   Debian GNU/Linux 12 (bookworm)",
           "  Container Runtime Version:  containerd://1.7.23-k3s2", "  Kubelet Version:            v1.31.4+k3s1",
           "Non-terminated Pods:          (14 in total)",
           "  Namespace      Name                                   CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age"]
    pods = [("homeassistant", "homeassistant-0", "500m", "1Gi"), ("homeassistant", "zigbee2mqtt-6c9f8d7b5-" + alnum(rng), "100m", "256Mi"),
            ("homeassistant", "mosquitto-5d8c7b6f4-" + alnum(rng), "50m", "64Mi"), ("monitoring", "kps-prometheus-node-exporter-" + alnum(rng), "10m", "32Mi"),
            ("metallb-system", "metallb-speaker-" + alnum(rng), "0", "0"), ("ingress-nginx", "ingress-nginx-controller-" + alnum(rng), "100m", "90Mi"),
            ("paperless", "paperless-postgresql-0", "250m", "256Mi"), ("kube-system", "coredns-" + hexid(rng, 10) + "-" + alnum(rng), "100m", "70Mi"),
            ("tailscale", "ts-lan-subnet-" + alnum(rng) + "-0", "0", "0"), ("uptime-kuma", "uptime-kuma-" + hexid(rng, 9) + "-" + alnum(rng), "50m", "128Mi"),
            ("backup", "k3s-state-29161800-" + alnum(rng), "0", "0"), ("adguard", "adguard-home-7f6d9c5b8-" + alnum(rng), "50m", "128Mi"),
            ("vaultwarden", "vaultwarden-" + hexid(rng, 9) + "-" + alnum(rng), "50m", "64Mi"), ("monitoring", "kps-kube-state-metrics-" + alnum(rng), "10m", "64Mi")]
    for ns, name, cpu, mem in pods:
        out.append(f"  {ns:<14} {name:<38} {cpu:<13} 0 (0%)      {mem:<16} 0 (0%)         {rng.randint(1, 40)}h")
    out += ["Allocated resources:", "  Resource           Requests      Limits", "  --------           --------      ------",
            "  cpu                1270m (21%)   0 (0%)", "  memory             2.1Gi (6%)    2Gi (6%)", "Events:              <none>", "",
            "$ kubectl top nodes",
            aligned(["NAME", "CPU(cores)", "CPU(%)", "MEMORY(bytes)", "MEMORY(%)"],
                    [["tiny1", "612m", "10%", "5821Mi", "18%"], ["tiny2", "488m", "8%", "3960Mi", "12%"], ["tiny3", "355m", "5%", "3102Mi", "9%"]]),
            "", "$ kubectl top pods -n homeassistant",
            aligned(["NAME", "CPU(cores)", "MEMORY(bytes)"], [["homeassistant-0", "41m", "612Mi"], ["zigbee2mqtt-6c9f8d7b5", "6m", "118Mi"], ["mosquitto-5d8c7b6f4", "1m", "9Mi"]])]
    return "\n".join(out)


def homelab(out: Path) -> dict[str, Any]:
    rng = random.Random(40_11_12_13)
    c = Conversation(
        "homelab_k8s",
        "en",
        "home-lab migration from docker-compose on a NAS to a 3-node k3s cluster",
        cues=("actually", "sorry", "oops", "i meant", "typo", "my bad", "wait", "correction"),
    )
    c.turn(
        "moving my homelab off docker-compose on the synology (ds920+) onto k3s. got 3 lenovo m720q "
        "tinys: tiny1 192.168.40.11, tiny2 192.168.40.12, tiny3 192.168.40.13. nas is 192.168.40.5. "
        "tiny1 is the server node, other two agents. wanna plan this properly this time lol",
        "Nice setup. Noting the inventory:\n\n"
        "| host | IP | role |\n|---|---|---|\n| tiny1 | 192.168.40.11 | k3s server (control plane) |\n"
        "| tiny2 | 192.168.40.12 | agent |\n| tiny3 | 192.168.40.13 | agent |\n"
        "| Synology DS920+ | 192.168.40.5 | NAS, current docker-compose host |\n\n"
        "A rough order that keeps things working while you migrate:\n"
        "1. cluster basics: k3s, load balancer (MetalLB), ingress, cert-manager, storage class\n"
        "2. stateless/simple apps first (uptime-kuma, adguard, vaultwarden)\n"
        "3. apps with databases (nextcloud, paperless), with a proper DB dump/restore\n"
        "4. hardware-bound apps last (jellyfin with the iGPU, home assistant with zigbee)\n\n"
        "Can you paste the current docker-compose.yml so I can see what's running?",
        facts=[H("192.168.40.11"), H("192.168.40.12"), H("192.168.40.13"), H("192.168.40.5")],
    )
    c.turn(
        "here. domain is lab.hexnut.net, wildcard cert through cloudflare dns-01",
        "Read the compose file. 13 services: traefik, nextcloud + postgres 16.2, paperless-ngx 2.11 "
        "+ postgres 15.6 + redis, jellyfin (with /dev/dri passed through), home assistant (host "
        "network), mosquitto, zigbee2mqtt (USB stick /dev/ttyUSB0), vaultwarden, uptime-kuma, "
        "adguard (port 53). All routed through traefik on *.lab.hexnut.net with the Cloudflare "
        "resolver.\n\n"
        "Things that need care in Kubernetes:\n"
        "- the two Postgres instances are different majors (16.2 and 15.6), don't share one server "
        "without planning an upgrade\n"
        "- paperless maps UID 1026 / GID 100 (Synology user), which will matter on NFS\n"
        "- home assistant uses host networking (mDNS discovery), and zigbee2mqtt needs the USB stick: "
        "both must run on the node where the stick is plugged in\n"
        "- adguard on port 53 needs a LoadBalancer IP of its own\n"
        "- data lives under /volume1/docker/... on the NAS, that's the migration source.",
        tools=[("shell", {"cmd": "ssh nas cat ~/homelab/docker-compose.yml"}, compose_yaml())],
        facts=[H("lab.hexnut.net"), HT("postgres:15.6")],
    )
    c.turn(
        "metallb pool 192.168.40.200-192.168.40.220, dhcp on the router stops at .199. and just use "
        "the traefik that ships with k3s, no point adding more stuff",
        "Plan: MetalLB L2 with pool 192.168.40.200-192.168.40.220 (outside DHCP, which ends at .199), "
        "and the traefik that ships with k3s as ingress. k3s also ships its own service load balancer "
        "(klipper/servicelb); with MetalLB you'd install k3s with --disable servicelb so they don't "
        "fight over LoadBalancer services.",
    )
    c.turn(
        "storage: longhorn for storage, replicated over the 3 nodes. and nothing exposed to the "
        "internet, LAN + tailscale only",
        "Noted: Longhorn as planned storage with replicas across the three nodes, and LAN + tailscale "
        "only: no port forwards on the router, no Cloudflare tunnel. DNS-01 with Cloudflare works "
        "fine for that, since the certificate is issued without Let's Encrypt reaching your "
        "network. For remote access a Tailscale subnet router (or the Tailscale operator) "
        "advertising 192.168.40.0/24 covers it.\n\n"
        "Longhorn needs open-iscsi on each node and a decent disk on each; what storage do the "
        "m720qs have?",
        facts=[K("LAN + tailscale only", "LAN and tailscale only", "LAN + Tailscale only",
                 "no internet exposure", "not exposed to the internet")],
    )
    c.turn(
        "one 512gb nvme each, that's it. hmm. forget longhorn then, use nfs-subdir-external-provisioner "
        "against the nas, export is /volume1/k8s",
        "Makes sense: with one NVMe each (shared with the OS), three Longhorn replicas add write "
        "amplification without much gain, and the NAS already has RAID and snapshots. So storage is "
        "nfs-subdir-external-provisioner pointing at 192.168.40.5:/volume1/k8s, StorageClass "
        "nfs-client, with each PVC becoming a subfolder. Caveats:\n"
        "- Postgres on NFS works but is sensitive: use NFSv4.1, hard mounts, and never two Postgres "
        "pods on the same data dir\n"
        "- Synology NFS permissions ('squash' setting) decide whether containers can chown.",
        fix=[("longhorn for storage", "nfs-subdir-external-provisioner")],
        facts=[H("/volume1/k8s")],
    )
    c.turn(
        "the zigbee stick is on tiny3, so home assistant has to stay on tiny3. same for zigbee2mqtt obv",
        "Got it: home assistant has to stay on tiny3, together with zigbee2mqtt. I'll pin both with "
        "nodeSelector kubernetes.io/hostname: tiny3 and mount the stick by its stable "
        "/dev/serial/by-id path rather than /dev/ttyUSB0, which can change after a reboot.",
        facts=[K("home assistant has to stay on tiny3", "pin home assistant to tiny3",
                 "home assistant stays on tiny3", "kubernetes.io/hostname: tiny3")],
    )
    c.turn(
        "installed k3s on all three. check the nodes",
        "All three nodes are Ready on k3s v1.31.4+k3s1, Debian 12, kernel 6.1.0-28, containerd "
        "1.7.23. One thing doesn't match the plan: the control plane is tiny2 (192.168.40.12), not "
        "tiny1. tiny1 and tiny3 show no role, so they're agents.",
        tools=[("shell", {"cmd": "kubectl get nodes -o wide"}, nodes_wide())],
        facts=[HT("v1.31.4+k3s1")],
    )
    c.turn(
        "oops yeah, tiny2 is the server, i installed it there first because tiny1 had the wrong bios "
        "settings. whatever, keep it",
        "OK: tiny2 is the server (control plane), tiny1 and tiny3 are agents. That works fine. "
        "Adjusted: the k3s join token and API endpoint are https://192.168.40.12:6443, and backups of "
        "the k3s state (SQLite on a single server) come from tiny2 at /var/lib/rancher/k3s/server.",
        fix=[("tiny1 is the server", "tiny2 is the server")],
    )
    c.turn(
        "backups: everything should end up on the nas, nightly at 3am. what do i need to back up "
        "actually with nfs storage",
        "With NFS storage the app data already sits on the NAS, so the NAS snapshot/Hyper Backup "
        "schedule covers /volume1/k8s. What's not on the NAS:\n"
        "1. k3s state on tiny2: etcd snapshots (k3s uses embedded SQLite by default on a single "
        "server; `k3s etcd-snapshot` needs embedded etcd) or copy /var/lib/rancher/k3s/server/db\n"
        "2. Postgres: file-level copies of a running database aren't consistent. A CronJob with "
        "pg_dump per database, writing to an NFS PVC, is safer.\n"
        "3. Manifests/helm values: keep them in git.\n\n"
        "So: CronJobs nightly at 3am for pg_dump (nextcloud, paperless) and the k3s state copy, then "
        "the NAS snapshot at 4am picks everything up.",
        facts=[K("nightly at 3am", "nightly at 3 am", "3am nightly", "every night at 3am",
                 "schedule: \"0 3 * * *\"")],
    )
    c.turn(
        "ok so metallb first. install it and make the pool",
        "MetalLB installed (v0.14.8) and configured: IPAddressPool lan-pool with "
        "192.168.40.200-192.168.40.220 and an L2Advertisement. Controller and three speakers are "
        "running. k3s was started with --disable servicelb, so there's no conflict.",
        tools=[("shell", {"cmd": "helm install metallb metallb/metallb -n metallb-system --create-namespace && "
                                 "kubectl apply -f metallb-pool.yaml && kubectl get pods -n metallb-system"},
                "NAME: metallb\nLAST DEPLOYED: Sat Jun 14 08:02:11 2025\nNAMESPACE: metallb-system\nSTATUS: deployed\n"
                "REVISION: 1\nNOTES:\nMetalLB is now running in the cluster.\n\n"
                "ipaddresspool.metallb.io/lan-pool created\nl2advertisement.metallb.io/lan-l2 created\n\n"
                + aligned(["NAME", "READY", "STATUS", "RESTARTS", "AGE"],
                          [["metallb-controller-6b8d8c9f7-" + alnum(rng), "1/1", "Running", "0", "51s"],
                           ["metallb-speaker-" + alnum(rng), "4/4", "Running", "0", "51s"],
                           ["metallb-speaker-" + alnum(rng), "4/4", "Running", "0", "51s"],
                           ["metallb-speaker-" + alnum(rng), "4/4", "Running", "0", "51s"]]))],
    )
    c.turn(
        "hmm the printer grabbed .215 with a static ip, my wife set it. shrink the pool to "
        "192.168.40.200-192.168.40.210",
        "Updated the IPAddressPool lan-pool: the range 192.168.40.200-192.168.40.220 is replaced by "
        "192.168.40.200-192.168.40.210, so .215 (the printer) is outside it. Nothing had an IP from "
        "the pool yet, so nothing moves. Eleven addresses is plenty: ingress, adguard DNS, maybe "
        "mosquitto.",
        tools=[("shell", {"cmd": "kubectl patch ipaddresspool lan-pool -n metallb-system --type merge "
                                 "-p '{\"spec\":{\"addresses\":[\"192.168.40.200-192.168.40.210\"]}}'"},
                "ipaddresspool.metallb.io/lan-pool patched")],
        fix=[("192.168.40.200-192.168.40.220", "192.168.40.200-192.168.40.210")],
    )
    c.turn(
        "scratch traefik btw, going with ingress-nginx. every tutorial for nextcloud on k8s uses it "
        "and i don't want to translate annotations all day",
        "Fine: ingress-nginx it is, replacing the bundled traefik. I'll reinstall k3s's server "
        "config with --disable traefik (otherwise k3s redeploys it) and install ingress-nginx via "
        "Helm as a DaemonSet with a MetalLB LoadBalancer IP.",
        fix=[("the traefik that ships with k3s", "ingress-nginx")],
    )
    c.turn(
        "do it",
        "Done. traefik is removed (k3s restarted on tiny2 with --disable traefik), and ingress-nginx "
        "is installed from chart ingress-nginx-4.11.3 (controller v1.11.3) as a DaemonSet, "
        "default IngressClass 'nginx', proxy-body-size 10g (good for Nextcloud uploads). MetalLB "
        "gave the controller 192.168.40.201 from lan-pool.\n\n"
        "Point *.lab.hexnut.net at 192.168.40.201 on AdGuard (DNS rewrite) once AdGuard runs in the "
        "cluster; until then, a wildcard rewrite on the old AdGuard works.",
        tools=[("shell", {"cmd": "helm upgrade --install ingress-nginx ingress-nginx/ingress-nginx -n ingress-nginx "
                                 "--create-namespace -f ingress-values.yaml && helm get values ingress-nginx -n ingress-nginx --all"},
                ingress_values())],
        facts=[HT("ingress-nginx-4.11.3"), HT("192.168.40.201")],
    )
    c.turn(
        "why did it take .201 and not .200",
        "MetalLB usually gives the first free address, but during the install the admission webhook "
        "or a retried Service creation can grab .200 for a moment and release it, and a released "
        "address isn't always handed out first. If you want it stable, set "
        "controller.service.loadBalancerIP (or the metallb.universe.tf/loadBalancerIPs annotation) to "
        "a fixed address. I'd pin ingress to .201 now that DNS will point there, and reserve .200 for "
        "AdGuard DNS.",
    )
    c.turn(
        "yes pin it. cert-manager next, cloudflare token is in my password manager",
        "cert-manager v1.15.3 installed. Created secret cloudflare-api-token in cert-manager "
        "(you pasted the token into the prompt, so it isn't in any file or shell history), a "
        "ClusterIssuer letsencrypt-dns with the Cloudflare DNS-01 solver, and a Certificate for "
        "*.lab.hexnut.net and lab.hexnut.net. It's Ready: secret wildcard-lab-hexnut-net-tls, valid "
        "until 12 Sep 2025, renewal 30 days before. The ingress service is pinned to 192.168.40.201.",
        tools=[("shell", {"cmd": "helm install cert-manager jetstack/cert-manager -n cert-manager --create-namespace "
                                 "--set crds.enabled=true && kubectl apply -f clusterissuer.yaml -f wildcard-cert.yaml && "
                                 "kubectl describe certificate wildcard-lab-hexnut-net -n cert-manager"},
                "NAME: cert-manager\nSTATUS: deployed\nREVISION: 1\n"
                "clusterissuer.cert-manager.io/letsencrypt-dns created\ncertificate.cert-manager.io/wildcard-lab-hexnut-net created\n"
                "Name:         wildcard-lab-hexnut-net\nNamespace:    cert-manager\nAPI Version:  cert-manager.io/v1\n"
                "Kind:         Certificate\nSpec:\n  Dns Names:\n    *.lab.hexnut.net\n    lab.hexnut.net\n"
                "  Issuer Ref:\n    Kind:  ClusterIssuer\n    Name:  letsencrypt-dns\n"
                "  Secret Name:  wildcard-lab-hexnut-net-tls\nStatus:\n  Conditions:\n"
                "    Last Transition Time:  2025-06-14T08:41:57Z\n    Message:               Certificate is up to date and has not expired\n"
                "    Reason:                Ready\n    Status:                True\n    Type:                  Ready\n"
                "  Not After:               2025-09-12T07:41:55Z\n  Not Before:              2025-06-14T07:41:56Z\n"
                "  Renewal Time:            2025-08-13T07:41:55Z\n"
                "Events:\n  Type    Reason     Age   From                                       Message\n"
                "  Normal  Issuing    88s   cert-manager-certificates-trigger          Issuing certificate as Secret does not exist\n"
                "  Normal  Generated  88s   cert-manager-certificates-key-manager      Stored new private key in temporary Secret resource\n"
                "  Normal  Requested  88s   cert-manager-certificates-request-manager  Created new CertificateRequest resource\n"
                "  Normal  Issuing    12s   cert-manager-certificates-issuing          The certificate has been successfully issued")],
        facts=[HT("wildcard-lab-hexnut-net-tls")],
    )
    c.turn(
        "nfs provisioner now. on the synology the nfs rule for the tinys is 'no mapping' i think",
        "Installed nfs-subdir-external-provisioner (chart 4.0.18) against 192.168.40.5:/volume1/k8s, "
        "StorageClass nfs-client as default (and removed the default flag from local-path). A test "
        "PVC bound and created /volume1/k8s/default-test-pvc-pvc-... on the NAS.\n\n"
        "'No mapping' on Synology means root in the container stays root on the NAS, so chown works. "
        "But your NFS rule on the DS920+ shows 'Map root to admin' for 192.168.40.0/24, and that "
        "breaks chown for containers that start as root and change owners (paperless, postgres).",
        tools=[("shell", {"cmd": "helm install nfs-subdir-external-provisioner nfs-subdir/nfs-subdir-external-provisioner "
                                 "-n nfs-provisioner --create-namespace --set nfs.server=192.168.40.5 "
                                 "--set nfs.path=/volume1/k8s --set storageClass.defaultClass=true && "
                                 "kubectl apply -f test-pvc.yaml && kubectl get pvc,sc && ssh nas cat /etc/exports"},
                "NAME: nfs-subdir-external-provisioner\nSTATUS: deployed\n\n"
                "NAME                             STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   AGE\n"
                "persistentvolumeclaim/test-pvc   Bound    pvc-3b1f0c2e-8d41-4c7a-9e55-0a6b2f7d1c93   1Mi        RWX            nfs-client     6s\n\n"
                "NAME                                               PROVISIONER                                     RECLAIMPOLICY   VOLUMEBINDINGMODE      AGE\n"
                "storageclass.storage.k8s.io/local-path             rancher.io/local-path                           Delete          WaitForFirstConsumer   2d\n"
                "storageclass.storage.k8s.io/nfs-client (default)   cluster.local/nfs-subdir-external-provisioner   Delete          Immediate              9s\n\n"
                "# /etc/exports on DS920+\n"
                "/volume1/k8s\t192.168.40.0/24(rw,async,no_wdelay,crossmnt,insecure,all_squash,insecure_locks,sec=sys,anonuid=1024,anongid=100)\n"
                "/volume1/scans\t192.168.40.0/24(rw,async,no_wdelay,insecure,root_squash,sec=sys,anonuid=1024,anongid=100)\n"
                "/volume1/media\t192.168.40.0/24(ro,async,no_wdelay,insecure,root_squash,sec=sys)")],
        facts=[HT("pvc-3b1f0c2e-8d41-4c7a-9e55-0a6b2f7d1c93")],
    )
    c.turn(
        "wait the exports say all_squash on k8s, not map root to admin. whats the difference",
        "You're right, I misread it: /volume1/k8s has all_squash with anonuid=1024, anongid=100. That's "
        "Synology's 'Map all users to admin'. Every UID, root included, becomes UID 1024 on the NAS. "
        "Consequences:\n- files are always owned by 1024:100 on the NAS, whatever the container does\n"
        "- chown inside the container fails with 'Operation not permitted'\n"
        "- Postgres refuses to start if its data dir isn't owned by the postgres user, so it "
        "will fail\n\n"
        "/volume1/scans has root_squash (root → anonymous 1024, other UIDs kept). For the k8s "
        "export I'd switch the Synology rule to 'No mapping' for 192.168.40.11-13 only.",
    )
    c.turn(
        "ok changed it to no mapping for the three tinys. easy apps first: uptime-kuma, vaultwarden, adguard",
        "Deployed all three with their own namespaces, PVCs on nfs-client and ingresses on "
        "*.lab.hexnut.net:\n- uptime-kuma: https://status.lab.hexnut.net\n- vaultwarden: "
        "https://vault.lab.hexnut.net (SIGNUPS_ALLOWED=false as before)\n- adguard: web UI on "
        "https://dns.lab.hexnut.net, DNS on LoadBalancer 192.168.40.200 (tcp+udp 53)\n\n"
        "Data copied from /volume1/docker/... with rsync -a while the old containers were stopped. "
        "Next step for you: set the router's DHCP DNS to 192.168.40.200.",
        tools=[("shell", {"cmd": "helmfile -f apps/easy.yaml apply && kubectl get pods,svc,ingress -n adguard"},
                "Upgrading release=uptime-kuma, chart=apps/uptime-kuma\nRelease \"uptime-kuma\" has been upgraded. Happy Helming!\n"
                "Upgrading release=vaultwarden, chart=apps/vaultwarden\nRelease \"vaultwarden\" has been upgraded. Happy Helming!\n"
                "Upgrading release=adguard, chart=apps/adguard-home\nRelease \"adguard\" has been upgraded. Happy Helming!\n\n"
                "NAME                                READY   STATUS    RESTARTS   AGE\n"
                f"pod/adguard-home-7f6d9c5b8-{alnum(rng)}     1/1     Running   0          2m\n\n"
                "NAME                   TYPE           CLUSTER-IP     EXTERNAL-IP      PORT(S)                     AGE\n"
                "service/adguard-dns    LoadBalancer   10.43.90.12    192.168.40.200   53:31053/UDP,53:31054/TCP   2m\n"
                "service/adguard-web    ClusterIP      10.43.77.201   <none>           3000/TCP                    2m\n\n"
                "NAME                                CLASS   HOSTS                 ADDRESS          PORTS     AGE\n"
                "ingress.networking.k8s.io/adguard   nginx   dns.lab.hexnut.net    192.168.40.201   80, 443   2m")],
    )
    c.turn(
        "one namespace per app yes, keep doing that. and helm for everything, no random kubectl "
        "apply of yaml from blog posts",
        "Agreed: one namespace per app, and helm for everything (helmfile in your git repo as the "
        "single source), no ad-hoc kubectl apply of manifests from blog posts. The only plain "
        "manifests are the cluster bits that Helm charts don't cover (MetalLB pool, ClusterIssuer, "
        "the wildcard Certificate), and I'll wrap those in a small local chart so they're also "
        "under helmfile.",
        facts=[D("one namespace per app", "namespace per app"),
               D("helm for everything", "everything via helm", "helmfile")],
    )
    c.turn(
        "monitoring before the hard stuff. kube-prometheus-stack ok? here's my values draft",
        "kube-prometheus-stack is the usual choice and your values look sane for k3s. What I'd keep "
        "or change:\n"
        "- good: etcd, controller-manager, scheduler and kube-proxy scraping disabled (k3s bundles "
        "them in one process and those endpoints aren't reachable by default)\n"
        "- good: Grafana admin from an existing secret, ingress via nginx with the wildcard TLS secret\n"
        "- Prometheus on NFS: works, but TSDB on NFS is officially unsupported and can corrupt on "
        "unclean unmounts. With 30d / 18GB retention I'd use local-path on tiny1 instead (you already "
        "pin Prometheus to tiny1), and accept losing metrics if tiny1 dies.\n"
        "- Alertmanager → ntfy webhook: fine, but ntfy isn't deployed yet.\n"
        "- the Synology SNMP scrape needs snmp-exporter in monitoring; add it to helmfile.",
        tools=[("shell", {"cmd": "cat charts/monitoring/values.yaml"}, prom_values())],
    )
    c.turn(
        "fair, local-path for prometheus. deploy",
        "Deployed kube-prometheus-stack 65.1.1 in namespace monitoring: Prometheus on tiny1 with a "
        "20Gi local-path volume, Grafana at https://grafana.lab.hexnut.net (admin from secret "
        "grafana-admin), node-exporter on all three nodes, kube-state-metrics, Alertmanager. "
        "snmp-exporter and ntfy added to helmfile as follow-ups.",
        tools=[("shell", {"cmd": "helmfile -f apps/monitoring.yaml apply"},
                "Upgrading release=kps, chart=prometheus-community/kube-prometheus-stack\n"
                "Release \"kps\" does not exist. Installing it now.\nNAME: kps\nSTATUS: deployed\nREVISION: 1\n"
                "NOTES:\nkube-prometheus-stack has been installed. Check its status by running:\n"
                "  kubectl --namespace monitoring get pods -l \"release=kps\"\n\nUPDATED RELEASES:\n"
                "NAME   NAMESPACE    CHART                                        VERSION   DURATION\n"
                "kps    monitoring   prometheus-community/kube-prometheus-stack   65.1.1         54s")],
    )
    c.turn(
        "paperless next. i deployed it with the chart, it's crashlooping",
        "paperless-ngx-5c7d9b8f4-qx2lm in namespace paperless is in CrashLoopBackOff (9 restarts) "
        "on tiny1. Everything else in the cluster looks healthy. Pulling the describe and logs.",
        tools=[("shell", {"cmd": "kubectl get pods -A -o wide"},
                pods_all(rng, [["paperless", "paperless-ngx-5c7d9b8f4-qx2lm", "0/1", "CrashLoopBackOff", "9", "19m", "10.42.0.57", "tiny1"],
                               ["paperless", "paperless-postgresql-0", "1/1", "Running", "0", "19m", "10.42.1.33", "tiny3"],
                               ["paperless", "paperless-redis-master-0", "1/1", "Running", "0", "19m", "10.42.2.14", "tiny2"]]))],
        facts=[HT("paperless-ngx-5c7d9b8f4-qx2lm")],
    )
    c.turn(
        "yeah go",
        "Two problems in the logs:\n\n"
        "1. `chown: changing ownership of '/usr/src/paperless/consume': Operation not permitted`. "
        "The consume folder is mounted straight from 192.168.40.5:/volume1/scans, and that export "
        "still has root_squash. It's only a warning here; paperless continues.\n"
        "2. The real crash: `database files are incompatible with server`: the data directory was "
        "initialized by PostgreSQL version 15, which is not compatible with this version 16.4. The "
        "chart's bundled postgresql subchart runs Postgres 16.4, but you copied the old postgres:15.6 "
        "data directory into its PVC. Postgres can't open a data dir from another major version.\n\n"
        "Fix options: (a) run Postgres 15 in the cluster (set the subchart image tag to 15.x) and "
        "reuse the data; (b) start a fresh Postgres 16, and restore a pg_dump from the old 15.6 "
        "container (dump/restore across majors is fine).",
        tools=[("shell", {"cmd": "kubectl describe pod paperless-ngx-5c7d9b8f4-qx2lm -n paperless"},
                describe_paperless(rng)),
               ("shell", {"cmd": "kubectl logs paperless-ngx-5c7d9b8f4-qx2lm -n paperless --previous --tail=200"},
                paperless_logs(rng))],
    )
    c.turn(
        "keep postgres 15 for paperless for now, i'm not doing a major upgrade in the same weekend "
        "as the migration",
        "Sensible. Keep postgres 15 for paperless: I set the postgresql subchart image to 15.6 (same "
        "as the compose file), re-copied the data dir from the stopped container, and fixed "
        "ownership on the NAS side now that /volume1/k8s has no mapping. The upgrade to 16 becomes a "
        "separate task later with pg_dump/restore.",
        facts=[D("keep postgres 15 for paperless", "postgres 15 for paperless", "stay on postgres 15")],
    )
    c.turn(
        "now?",
        "paperless is Running: migrations applied ('No migrations to apply', data intact), web UI "
        "at https://paperless.lab.hexnut.net answers, 2,381 documents in the index. The consume "
        "folder still prints the chown warning because of root_squash on /volume1/scans; "
        "consumption works since the files are readable. If you want it clean, set that export to "
        "'No mapping' for the tinys as well.",
        tools=[("shell", {"cmd": "helm upgrade paperless ./charts/paperless -n paperless -f paperless-values.yaml "
                                 "&& kubectl rollout status deploy/paperless-ngx -n paperless && kubectl logs deploy/paperless-ngx -n paperless --tail=15"},
                "Release \"paperless\" has been upgraded. Happy Helming!\nREVISION: 3\n"
                "deployment \"paperless-ngx\" successfully rolled out\n"
                "[init-db-wait] Connected to PostgreSQL\n[init-migrations] Apply database migrations...\n"
                "Operations to perform:\n  Apply all migrations: account, admin, auditlog, auth, authtoken, contenttypes, "
                "django_celery_results, documents, guardian, mfa, paperless, paperless_mail, sessions, socialaccount\n"
                "Running migrations:\n  No migrations to apply.\n[init-checks] Index: 2381 documents\n"
                "[2025-06-14 10:02:11,401] [INFO] [paperless.management.consumer] Using inotify to watch directory for changes: /usr/src/paperless/consume\n"
                "[2025-06-14 10:02:12,030] [INFO] [celery.worker.consumer.connection] Connected to redis://paperless-redis-master:6379//\n"
                "[2025-06-14 10:02:12,118] [INFO] [celery.apps.worker] celery@paperless-ngx-7d4c8b6f9-h2kcd ready.")],
    )
    c.turn(
        "jellyfin: needs quicksync. which node has the igpu device and whats it called",
        "All three m720qs have the Intel UHD 630 iGPU. On each node the render device is "
        "/dev/dri/renderD128 (card0 is the display side). For Quick Sync you pass /dev/dri/renderD128 "
        "into the pod, ideally via the Intel GPU device plugin (resource gpu.intel.com/i915) instead "
        "of privileged mode. The container's user also needs to be in the render group (GID 104 on "
        "Debian 12 here, from the ls output).",
        tools=[("shell", {"cmd": "for n in tiny1 tiny2 tiny3; do ssh $n 'hostname; ls -l /dev/dri; getent group render; lspci | grep -i vga'; done"},
                "\n".join(
                    f"{n}\ntotal 0\ndrwxr-xr-x 2 root root        80 Jun 12 21:0{i} by-path\n"
                    f"crw-rw---- 1 root video  226,   0 Jun 12 21:0{i} card0\n"
                    f"crw-rw---- 1 root render 226, 128 Jun 12 21:0{i} renderD128\nrender:x:104:\n"
                    "00:02.0 VGA compatible controller: Intel Corporation CoffeeLake-S GT2 [UHD Graphics 630]"
                    for i, n in enumerate(["tiny1", "tiny2", "tiny3"], 1)))],
        facts=[HT("renderD128", "/dev/dri/renderD128")],
    )
    c.turn(
        "media is /volume1/media on the nas, read only is fine. deploy jellyfin, avoid tiny3 so HA "
        "has the box to itself",
        "Jellyfin deployed in namespace jellyfin: Intel GPU plugin resource gpu.intel.com/i915: 1, "
        "supplementalGroups [104], config PVC on nfs-client (copied from /volume1/docker/jellyfin/config), "
        "media as a read-only NFS volume from 192.168.40.5:/volume1/media, node affinity to tiny1 or "
        "tiny2 (not tiny3). https://tv.lab.hexnut.net works, and a test transcode shows 'hevc_qsv' "
        "in the ffmpeg log.",
        tools=[("shell", {"cmd": "helm upgrade --install jellyfin ./charts/jellyfin -n jellyfin --create-namespace "
                                 "-f jellyfin-values.yaml && kubectl logs deploy/jellyfin -n jellyfin | grep -i qsv | tail -3"},
                "Release \"jellyfin\" does not exist. Installing it now.\nNAME: jellyfin\nSTATUS: deployed\n"
                "[10:41:07] [INF] [TranscodeManager] ffmpeg -init_hw_device vaapi=va:/dev/dri/renderD128 -init_hw_device qsv=qs@va ...\n"
                "[10:41:07] [INF] [TranscodeManager] ... -codec:v:0 hevc_qsv -preset veryfast ...\n"
                "[10:41:09] [INF] [TranscodeManager] FFmpeg exited with code 0")],
        facts=[H("/volume1/media")],
    )
    c.turn(
        "home assistant + zigbee2mqtt next. draft values?",
        "Draft values for both, pinned to tiny3 (home assistant has to stay on tiny3):\n"
        "- home assistant: hostNetwork true (mDNS/SSDP discovery like your compose network_mode: "
        "host), dnsPolicy ClusterFirstWithHostNet, config PVC on nfs-client, ingress "
        "ha.lab.hexnut.net with the wildcard secret\n"
        "- zigbee2mqtt: the stick by-id path "
        "/dev/serial/by-id/usb-ITead_Sonoff_Zigbee_3.0_USB_Dongle_Plus_9a4f21c3-if00-port0 as a "
        "hostPath CharDevice mounted at /dev/ttyACM0, MQTT to mosquitto in the homeassistant namespace\n\n"
        "Both use privileged: true in this draft. For zigbee2mqtt you can drop that by using the "
        "generic device plugin, but it's fine as a first step.",
        tools=[("shell", {"cmd": "cat charts/homeassistant/values.yaml charts/zigbee2mqtt/values.yaml"}, ha_values())],
        facts=[HT("usb-ITead_Sonoff_Zigbee_3.0_USB_Dongle_Plus_9a4f21c3-if00-port0",
                  "Sonoff_Zigbee_3.0_USB_Dongle_Plus_9a4f21c3")],
    )
    c.turn(
        "when do i do the HA cutover, the house kinda depends on it. i was thinking saturday morning",
        "Saturday morning works if you keep the old setup as a fallback: stop HA and zigbee2mqtt on "
        "the NAS, move the stick to tiny3, copy /volume1/docker/homeassistant and z2m data, deploy, "
        "check a few devices, and keep the NAS containers stopped (not deleted) for a week. Budget "
        "1-2 hours. Tell the household the lights may act up for a bit.",
    )
    c.turn(
        "kids have a thing saturday and my wife will kill me if the lights are weird. sunday morning then",
        "Sunday morning it is for the HA cutover. I'll write the checklist so it's quick: stop NAS "
        "containers → move stick → copy data → helm install → verify 5 test devices → done.",
        fix=[("saturday morning", "sunday morning")],
    )
    c.turn(
        "nextcloud: chart or my own?",
        "The official nextcloud/helm chart is reasonable: it supports external Postgres, Redis, a "
        "cron sidecar or CronJob, and ingress with nginx annotations (which is why you picked "
        "ingress-nginx). Since your Nextcloud DB is postgres:16.2, use the chart's postgresql subchart "
        "at 16.x and restore from a pg_dump, or copy the data dir (same major, 16 → 16, works if "
        "ownership is right). Data (/volume1/nextcloud-data, large) can stay where it is as an NFS "
        "volume, no copy needed.",
    )
    c.turn(
        "show me the nextcloud values before you deploy anything",
        "Here's the values file for chart nextcloud-6.2.4 (app 29.0.7-apache). Highlights:\n"
        "- host cloud.lab.hexnut.net, admin and DB credentials from existing secrets (nothing in git)\n"
        "- proxy config: trusted_proxies 10.42.0.0/16 (pod CIDR, so ingress-nginx is trusted), "
        "overwriteprotocol https\n"
        "- data: NFS volume 192.168.40.5:/volume1/nextcloud-data mounted at /var/www/html/data, so "
        "the big data folder isn't copied\n"
        "- PHP: 1 GB memory, 10 GB uploads, matching the ingress proxy-body-size 10g\n"
        "- Postgres subchart at 16.4.0 on nfs-client, Redis standalone with auth, cron every 5 minutes\n"
        "- startup probe with 30 failures allowed, since the first start runs the upgrade check\n\n"
        "One thing to check: server-snippet is set to an empty string, and allow-snippet-annotations "
        "is false on your ingress-nginx, so that's harmless. Remove the line to keep it clean.",
        tools=[("shell", {"cmd": "cat charts/nextcloud/values.yaml"}, nextcloud_values())],
        facts=[HT("nextcloud-6.2.4")],
    )
    c.turn(
        "ok deploy it, copying the db dir is fine since its 16 to 16",
        "Nextcloud deployed: chart nextcloud-6.2.4 (app 29.0.7), Postgres 16.4 subchart with the copied "
        "data dir, Redis, cron as a CronJob every 5 min, data as NFS volume 192.168.40.5:/volume1/"
        "nextcloud-data. https://cloud.lab.hexnut.net loads; `occ status` shows installed: true, "
        "maintenance: false. Trusted domains and overwriteprotocol=https are set.",
        tools=[("shell", {"cmd": "helm upgrade --install nextcloud nextcloud/nextcloud -n nextcloud --create-namespace "
                                 "-f nextcloud-values.yaml && kubectl exec -n nextcloud deploy/nextcloud -- su -s /bin/sh www-data -c 'php occ status'"},
                "Release \"nextcloud\" does not exist. Installing it now.\nNAME: nextcloud\nLAST DEPLOYED: Sat Jun 14 12:10:42 2025\n"
                "NAMESPACE: nextcloud\nSTATUS: deployed\nREVISION: 1\nTEST SUITE: None\nNOTES:\n"
                "#######################################################################################################\n"
                "## Nextcloud chart nextcloud-6.2.4, app 29.0.7. Access at https://cloud.lab.hexnut.net                ##\n"
                "#######################################################################################################\n"
                "  - installed: true\n  - version: 29.0.7.1\n  - versionstring: 29.0.7\n  - edition: \n"
                "  - maintenance: false\n  - needsDbUpgrade: false\n  - productname: Nextcloud\n  - extendedSupport: false")],
    )
    c.turn(
        "tailscale: i want to reach everything from my phone when away",
        "With the Tailscale operator installed (namespace tailscale), a Connector advertising "
        "192.168.40.0/24 acts as subnet router. On your phone, enable 'Use subnet routes', and set "
        "the tailnet DNS to 192.168.40.200 (AdGuard) with split DNS for lab.hexnut.net. Then "
        "cloud/paperless/vault/tv.lab.hexnut.net resolve to 192.168.40.201 and go through the tunnel, "
        "and nothing listens on the internet: LAN + tailscale only, as you wanted.",
        tools=[("shell", {"cmd": "helm upgrade --install tailscale-operator tailscale/tailscale-operator -n tailscale "
                                 "--create-namespace -f ts-values.yaml && kubectl apply -f connector.yaml && kubectl get connector"},
                "Release \"tailscale-operator\" has been upgraded. Happy Helming!\n"
                "connector.tailscale.com/lan-subnet created\n"
                "NAME         SUBNETROUTES       ISEXITNODE   STATUS             AGE\n"
                "lan-subnet   192.168.40.0/24    false        ConnectorCreated   8s")],
    )
    c.turn(
        "backup cronjobs now. pg_dump for nextcloud and paperless, and the k3s db",
        "Created three CronJobs with schedule \"0 3 * * *\" (nightly at 3am, Europe/Berlin via "
        "timeZone):\n- backup/pgdump-nextcloud: pg_dump -Fc of the nextcloud DB to PVC backups "
        "(nfs-client), keeps 14\n- backup/pgdump-paperless: the same for paperless (postgres 15 "
        "client image, matching the server)\n- backup/k3s-state: runs on tiny2 (nodeSelector), copies "
        "/var/lib/rancher/k3s/server/db and the token into the same PVC\n\nThe NAS snapshot of "
        "/volume1/k8s at 4:00 picks them up. First manual run: all three succeeded.",
        tools=[("shell", {"cmd": "helm upgrade --install backup ./charts/backup -n backup --create-namespace && "
                                 "kubectl create job --from=cronjob/pgdump-nextcloud t1 -n backup && kubectl get cronjob,job -n backup"},
                "Release \"backup\" does not exist. Installing it now.\nSTATUS: deployed\njob.batch/t1 created\n"
                "NAME                             SCHEDULE    TIMEZONE        SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n"
                "cronjob.batch/k3s-state          0 3 * * *   Europe/Berlin   False     0        <none>          40s\n"
                "cronjob.batch/pgdump-nextcloud   0 3 * * *   Europe/Berlin   False     0        <none>          40s\n"
                "cronjob.batch/pgdump-paperless   0 3 * * *   Europe/Berlin   False     0        <none>          40s\n\n"
                "NAME           STATUS     COMPLETIONS   DURATION   AGE\n"
                "job.batch/t1   Complete   1/1           21s        25s\n"
                "job.batch/t2   Complete   1/1           9s         25s\n"
                "job.batch/t3   Complete   1/1           4s         25s")],
    )
    c.turn(
        "let me see all the events in the cluster from the last hour, anything weird",
        "Mostly normal: scheduling, pulls and the backup jobs completing. Two worth a look:\n"
        "- repeated `FailedMount` earlier for jellyfin on tiny1 ('mount.nfs: access denied') from "
        "before you switched the export to no mapping, now resolved\n"
        "- `Unhealthy` readiness probe warnings on nextcloud during the first start (it took 70 s "
        "to run its upgrade check), also gone\n\nNo OOMKills, no node pressure.",
        tools=[("shell", {"cmd": "kubectl get events -A --sort-by=.lastTimestamp | tail -130"},
                "\n".join(
                    [aligned(["NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"],
                             [[rng.choice(["jellyfin", "nextcloud", "backup", "paperless", "monitoring", "kube-system", "adguard"]),
                               f"{rng.randint(1, 59)}m", rng.choice(["Normal", "Normal", "Normal", "Warning"]),
                               rng.choice(["Scheduled", "Pulled", "Created", "Started", "SuccessfulCreate", "Completed",
                                           "FailedMount", "Unhealthy", "Killing", "SawCompletedJob"]),
                               f"pod/{rng.choice(['jellyfin', 'nextcloud', 't1', 'grafana', 'coredns', 'adguard-home'])}-{alnum(rng)}",
                               rng.choice(["Successfully assigned", "Container image already present on machine",
                                           "MountVolume.SetUp failed for volume \"media\" : mount failed: exit status 32 mount.nfs: access denied by server",
                                           "Readiness probe failed: HTTP probe failed with statuscode: 503",
                                           "Job completed", "Created container", "Started container"])]
                              for _ in range(130)])]))],
    )
    c.turn(
        "HA cutover done this morning, went fine. zigbee devices all back",
        "Great. Post-cutover checks: HA pod on tiny3 with hostNetwork, zigbee2mqtt sees the coordinator "
        "on the by-id path, all devices reporting. Leave the old NAS containers stopped for a week, "
        "then remove them, and add HA's config dir to the nightly backup check.",
    )
    c.turn(
        "which folder on the nas is paperless media? i want to exclude it from one of the snapshot tasks",
        "paperless media is PVC paperless/paperless-media, volume pvc-8e27d4a1-5b3c-4f19-a6d2-7c90e1f4b582, "
        "so the folder on the NAS is /volume1/k8s/paperless-paperless-media-pvc-8e27d4a1-5b3c-4f19-a6d2-7c90e1f4b582. "
        "Careful: with archiveOnDelete=true, deleting the PVC renames the folder to archived-..., "
        "so exclude by that exact name, not by pattern.",
        tools=[("shell", {"cmd": "kubectl get pv && ssh nas ls -1 /volume1/k8s"}, pv_list(rng))],
        facts=[HT("pvc-8e27d4a1-5b3c-4f19-a6d2-7c90e1f4b582")],
    )
    c.turn(
        "is tiny3 getting overloaded now with HA and all the other stuff on it",
        "No. tiny3 runs 14 pods, requests are 1270m CPU (21%) and 2.1Gi memory (6%) of 6 cores and "
        "32 GB, and actual use is 355m CPU and about 3 GB. Home assistant itself uses 41m CPU and "
        "612Mi. If you want tiny3 to stay HA-only for reliability, you could taint it "
        "(dedicated=homeassistant:NoSchedule) and tolerate only HA, zigbee2mqtt, mosquitto and the "
        "DaemonSets, but there's no resource reason to.",
        tools=[("shell", {"cmd": "kubectl describe node tiny3 && kubectl top nodes && kubectl top pods -n homeassistant"},
                describe_node_tiny3(rng))],
    )
    c.turn(
        "how do i keep all these images updated without babysitting it",
        "Since everything is in helmfile in git: run Renovate on the repo (self-hosted as a CronJob or "
        "the GitHub app). It opens PRs when chart versions or image tags change, with changelogs. "
        "Group minor/patch updates weekly and keep majors (Postgres, Nextcloud, Home Assistant "
        "breaking releases) as separate PRs you read first. Avoid :latest tags and tools that "
        "auto-update running containers without git: your rule is helm for everything, so the repo "
        "stays the source of truth.",
    )
    c.turn(
        "what's the ip range metallb hands out again? my wife asks what not to use for the new tv",
        "192.168.40.200-192.168.40.210. DHCP ends at .199, the printer is on .215. For the TV: "
        "DHCP, or a static address between .211 and .254 except .215.",
        recall=["192.168.40.200-192.168.40.210"],
    )
    c.turn(
        "which node is the control plane, for the backup docs",
        "tiny2 is the server (192.168.40.12); tiny1 (192.168.40.11) and tiny3 (192.168.40.13) are "
        "agents.",
        recall=["tiny2 is the server", "192.168.40.12", "192.168.40.11", "192.168.40.13"],
    )
    c.turn(
        "nfs export path for k8s stuff, and the nas ip",
        "192.168.40.5:/volume1/k8s (StorageClass nfs-client via nfs-subdir-external-provisioner).",
        recall=["/volume1/k8s", "192.168.40.5", "nfs-subdir-external-provisioner"],
    )
    c.turn(
        "which ingress are we on and whats its ip",
        "ingress-nginx (chart ingress-nginx-4.11.3), LoadBalancer IP 192.168.40.201, pinned.",
        recall=["ingress-nginx", "192.168.40.201"],
    )
    c.turn(
        "paperless db, what version did we keep and why",
        "We keep postgres 15 for paperless (postgres:15.6, as in the old compose file) because the "
        "copied data dir was initialized by 15 and you didn't want a major upgrade during the "
        "migration.",
        recall=["keep postgres 15 for paperless", "postgres:15.6"],
    )
    c.turn(
        "can i move home assistant to tiny1 so i can reinstall tiny3?",
        "Only if the zigbee stick moves with it: home assistant has to stay on tiny3 because the "
        "stick is there. For a reinstall: move the stick to tiny1, change the nodeSelector on both HA "
        "and zigbee2mqtt, and the by-id path stays the same.",
        recall=["home assistant has to stay on tiny3"],
    )
    c.turn(
        "friend wants me to expose jellyfin publicly so he can watch. thoughts",
        "That goes against your rule: LAN + tailscale only. Better: invite him to your tailnet "
        "(or share just the jellyfin node via Tailscale sharing). He gets access, nothing is exposed.",
        recall=["LAN + tailscale only"],
    )
    c.turn(
        "when do backups run again and where do they end up",
        "CronJobs nightly at 3am (Europe/Berlin): pg_dump for nextcloud and paperless and the k3s "
        "state from tiny2, into the backups PVC on the NAS; the NAS snapshot at 4:00 picks them up.",
        recall=["nightly at 3am"],
    )
    c.turn(
        "k3s version we're on? thinking about upgrading",
        "v1.31.4+k3s1 on all three nodes. Upgrade the server (tiny2) first, then the agents one at "
        "a time, and take a manual backup run before.",
        recall=["v1.31.4+k3s1"],
    )
    c.turn(
        "nice. thats it for this weekend, thanks",
        "Enjoy the quiet cluster! Open items for later: Postgres 15 → 16 for paperless, remove the "
        "old NAS containers next week, and maybe the generic device plugin for zigbee2mqtt.",
    )
    return c.write(out)


BUILDERS: list[Callable[[Path], dict[str, Any]]] = [wedding, freight, tax, release, procurement, homelab]

if __name__ == "__main__":
    for build in BUILDERS:
        stats = build(HERE)
        print(f"{build.__name__}: {stats}")
