PRAGMA user_version = 8;
BEGIN TRANSACTION;
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    player  INTEGER NOT NULL,
    token   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO "actions" VALUES('8vTgr1-eBYzY',0,0,'order');
INSERT INTO "actions" VALUES('8vTgr1-eBYzY',1,1,'discard KH');
INSERT INTO "actions" VALUES('8vTgr1-eBYzY',2,0,'KC');
INSERT INTO "actions" VALUES('8vTgr1-eBYzY',3,1,'JD');
INSERT INTO "actions" VALUES('8vTgr1-eBYzY',4,0,'TD');
INSERT INTO "actions" VALUES('8vTgr1-eBYzY',5,1,'9D');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',0,0,'order');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',1,1,'discard QC');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',2,0,'JC');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',3,1,'9S');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',4,0,'JD');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',5,1,'KD');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',6,1,'AH');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',7,0,'9H');
INSERT INTO "actions" VALUES('B5s0SnPtQGX5',8,1,'JH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',0,0,'order');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',1,1,'discard TD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',2,0,'9C');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',3,1,'JS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',4,1,'TH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',5,0,'QC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',6,1,'9S');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',7,0,'TS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',8,0,'9D');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',9,1,'KS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',10,1,'JC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',11,0,'AD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',12,1,'pass');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',13,0,'order');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',14,0,'discard KC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',15,1,'9H');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',16,0,'AC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',17,0,'JD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',18,1,'KD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',19,1,'TD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',20,0,'AD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',21,0,'TS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',22,1,'QC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',23,1,'TC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',24,0,'JS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',25,0,'order');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',26,1,'discard KC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',27,0,'KD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',28,1,'9D');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',29,0,'JH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',30,1,'TD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',31,0,'KH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',32,1,'QD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',33,1,'9S');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',34,0,'TS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',35,0,'KS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',36,1,'QC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',37,1,'pass');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',38,0,'order');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',39,0,'discard KC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',40,1,'JC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',41,0,'9S');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',42,1,'9C');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',43,0,'JH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',44,1,'9H');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',45,0,'AH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',46,0,'TS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',47,1,'KS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',48,1,'TD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',49,0,'JS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',50,0,'order');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',51,1,'discard 9S');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',52,0,'TD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',53,1,'9H');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',54,1,'TC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',55,0,'QD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',56,1,'AH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',57,0,'JH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',58,0,'AD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',59,1,'TS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',60,0,'KH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',61,1,'JC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',62,1,'pass');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',63,0,'order');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',64,0,'discard TC');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',65,1,'JD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',66,0,'9H');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',67,1,'QS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',68,0,'KD');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',69,1,'9S');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',70,0,'JH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',71,0,'QH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',72,1,'KH');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',73,1,'TS');
INSERT INTO "actions" VALUES('Cx1s2xlEaqTO',74,0,'AH');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',0,1,'order');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',1,0,'discard JC');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',2,1,'TC');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',3,0,'AC');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',4,0,'QD');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',5,1,'TD');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',6,0,'TH');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',7,1,'QC');
INSERT INTO "actions" VALUES('XKxdH0Yl_x6d',8,1,'KC');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',0,1,'order');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',1,0,'discard AS');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',2,1,'TS');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',3,0,'AH');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',4,1,'KH');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',5,0,'AD');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',6,1,'JD');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',7,0,'KD');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',8,0,'KC');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',9,1,'9C');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',10,0,'QC');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',11,1,'9D');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',12,0,'order');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',13,1,'discard AS');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',14,0,'KD');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',15,1,'JD');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',16,0,'QD');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',17,1,'AH');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',18,0,'TD');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',19,1,'QH');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',20,0,'9D');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',21,1,'KC');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',22,1,'QC');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',23,0,'9C');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',24,1,'order');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',25,0,'discard AS');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',26,1,'KH');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',27,0,'KS');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',28,1,'9D');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',29,0,'JH');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',30,0,'9S');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',31,1,'QC');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',32,0,'AD');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',33,1,'TC');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',34,0,'KC');
INSERT INTO "actions" VALUES('vnNJlFJwXxcK',35,1,'9C');
CREATE TABLE games (
    id       TEXT PRIMARY KEY,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    mode     TEXT NOT NULL,
    level    TEXT,
    rules    TEXT NOT NULL,
    seed     TEXT NOT NULL,
    tokens   TEXT NOT NULL,
    names    TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    winner   INTEGER,
    score    TEXT NOT NULL DEFAULT '[0, 0]'
, seeded INTEGER NOT NULL DEFAULT 0, options TEXT NOT NULL DEFAULT '{}', summary TEXT);
INSERT INTO "games" VALUES('Cx1s2xlEaqTO',1.79652586274981975553e+09,1.79652586291425299643e+09,'computer','easy','{"deck": 24, "target": 5, "dealer_must_pick_up": false, "may_call_turned_suit": false, "stick_the_dealer": false}','21','["0r6yOWZ_iK78OkbF2fCDZEaF", null]','["Ann", "Computer"]',1,1,'[3, 6]',1,'{"undo_used":true}','{"0": {"matches": 1, "matches_won": 0, "hands": 6, "hands_won": 3, "made_trump": 6, "made": 3, "marched": 0, "euchred": 3, "defended": 0, "euchres_scored": 0}, "1": {"matches": 1, "matches_won": 1, "hands": 6, "hands_won": 3, "made_trump": 0, "made": 0, "marched": 0, "euchred": 0, "defended": 6, "euchres_scored": 3}}');
INSERT INTO "games" VALUES('8vTgr1-eBYzY',1.79652586343120336531e+09,1.7965258634453382492e+09,'computer','easy','{"deck": 24, "target": 5, "dealer_must_pick_up": false, "may_call_turned_suit": false, "stick_the_dealer": false}','22','["hfwLsyGdV6eok7dD1linXemd", null]','["Ann", "Computer"]',1,1,'[0, 0]',1,'{"resigned":0}','{"0": {"matches": 1, "matches_won": 0, "hands": 0, "hands_won": 0, "made_trump": 0, "made": 0, "marched": 0, "euchred": 0, "defended": 0, "euchres_scored": 0}, "1": {"matches": 1, "matches_won": 1, "hands": 0, "hands_won": 0, "made_trump": 0, "made": 0, "marched": 0, "euchred": 0, "defended": 0, "euchres_scored": 0}}');
INSERT INTO "games" VALUES('B5s0SnPtQGX5',1.79652586396475577351e+09,1.79652586399374508858e+09,'computer','easy','{"deck": 24, "target": 5, "dealer_must_pick_up": false, "may_call_turned_suit": false, "stick_the_dealer": false}','23','["5NvS6XwVYZflzN6uVF0n_R1N", null]','["Cy", "Computer"]',0,NULL,'[0, 0]',1,'{}',NULL);
INSERT INTO "games" VALUES('vnNJlFJwXxcK',1.79652586450088787078e+09,1.79652586459369373317e+09,'friend',NULL,'{"deck": 24, "target": 5, "dealer_must_pick_up": false, "may_call_turned_suit": false, "stick_the_dealer": false}','24','["u_lckrV_d0B2pLarmh2igeUx","2XiN24Tu4wTbg_BalFIidBLN"]','["Ann","Bob"]',1,0,'[5, 0]',1,'{}','{"0": {"matches": 1, "matches_won": 1, "hands": 3, "hands_won": 3, "made_trump": 1, "made": 1, "marched": 0, "euchred": 0, "defended": 2, "euchres_scored": 2}, "1": {"matches": 1, "matches_won": 0, "hands": 3, "hands_won": 0, "made_trump": 2, "made": 0, "marched": 0, "euchred": 2, "defended": 1, "euchres_scored": 0}}');
INSERT INTO "games" VALUES('XKxdH0Yl_x6d',1.79652586520891380302e+09,1.79652586526447057731e+09,'friend',NULL,'{"deck": 24, "target": 5, "dealer_must_pick_up": false, "may_call_turned_suit": false, "stick_the_dealer": false}','25','["glPFH2PU5LHOjZHJFnMbUfL3","l3FX4yQwpaJPLnGanDexKqPa"]','["Ann","Bob"]',0,NULL,'[0, 0]',1,'{}',NULL);
INSERT INTO "games" VALUES('CrTKn5kK5GmW',1.79652586587232136728e+09,1.79652586587232136728e+09,'friend',NULL,'{"deck": 24, "target": 5, "dealer_must_pick_up": false, "may_call_turned_suit": false, "stick_the_dealer": false}','26','["B7uVYuNUZsAM1q26bOfkWRPi", null]','["Ann", "Friend"]',0,NULL,'[0, 0]',1,'{"invite": "IS_7dhnBaqg5GNCYosz0YrTE"}',NULL);
CREATE TABLE player_totals (name TEXT PRIMARY KEY, counts TEXT NOT NULL) WITHOUT ROWID;
INSERT INTO "player_totals" VALUES('Ann','{"matches": 3, "matches_won": 1, "hands": 9, "hands_won": 6, "made_trump": 7, "made": 4, "marched": 0, "euchred": 3, "defended": 2, "euchres_scored": 2, "with_undo": 1, "abandoned": 0}');
INSERT INTO "player_totals" VALUES('Bob','{"matches": 1, "matches_won": 0, "hands": 3, "hands_won": 0, "made_trump": 2, "made": 0, "marched": 0, "euchred": 2, "defended": 1, "euchres_scored": 0, "with_undo": 0, "abandoned": 0}');
INSERT INTO "player_totals" VALUES('Computer','{"matches": 2, "matches_won": 2, "hands": 6, "hands_won": 3, "made_trump": 0, "made": 0, "marched": 0, "euchred": 0, "defended": 6, "euchres_scored": 3, "with_undo": 1, "abandoned": 0}');
CREATE TABLE reviews (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, created REAL NOT NULL, review TEXT NOT NULL, PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
INSERT INTO "reviews" VALUES('vnNJlFJwXxcK',0,1.79652586620683050152e+09,'{"player": 0, "deals": 2, "bid_deals": 4, "seed": 2897253849168852164, "threshold": 0.2, "finished": true, "score": [5, 0], "decisions": [{"hand": 1, "index": 1, "player": 0, "phase": "discard", "stage": "discard", "situation": "A\u2660 ordered up: the dealer picks it up or leaves it", "cards": ["KC", "QC", "AD", "KD", "AH"], "score": [0, 0], "chosen": "discard AS", "best": "discard AS", "values": {"discard KC": -1.163802, "discard QC": -1.163802, "discard AD": -0.961754, "discard KD": -0.961754, "discard AH": -1.36585, "discard AS": -0.961754, "pass": -0.961754}, "words": {"discard KC": "pick up and discard K\u2663", "discard QC": "pick up and discard Q\u2663", "discard AD": "pick up and discard A\u2666", "discard KD": "pick up and discard K\u2666", "discard AH": "pick up and discard A\u2665", "discard AS": "pick up and discard A\u2660", "pass": "leave it"}, "loss": 0.0, "flagged": false}, {"hand": 1, "index": 3, "player": 0, "phase": "play", "stage": "play", "situation": "trick 1 (\u2660 spades trump), answering 10\u2660", "cards": ["KC", "QC", "AD", "KD", "AH"], "score": [0, 0], "chosen": "AH", "best": "QC", "values": {"KC": -0.9985, "QC": -0.9985, "AD": -0.9985, "KD": -0.9985, "AH": -0.999}, "words": {"KC": "K\u2663", "QC": "Q\u2663", "AD": "A\u2666", "KD": "K\u2666", "AH": "A\u2665"}, "loss": 0.0005, "flagged": false}, {"hand": 1, "index": 5, "player": 0, "phase": "play", "stage": "play", "situation": "trick 2 (\u2660 spades trump), answering K\u2665", "cards": ["KC", "QC", "AD", "KD"], "score": [0, 0], "chosen": "AD", "best": "AD", "values": {"KC": 1.485444, "QC": 1.485444, "AD": 1.485444, "KD": 1.485444}, "words": {"KC": "K\u2663", "QC": "Q\u2663", "AD": "A\u2666", "KD": "K\u2666"}, "loss": 0.0, "flagged": false}, {"hand": 1, "index": 8, "player": 0, "phase": "play", "stage": "play", "situation": "trick 4 (\u2660 spades trump), leading", "cards": ["KC", "QC"], "score": [0, 0], "chosen": "KC", "best": "KC", "values": {"KC": -0.998818, "QC": -0.998818}, "words": {"KC": "K\u2663", "QC": "Q\u2663"}, "loss": 0.0, "flagged": false}, {"hand": 2, "index": 0, "player": 0, "phase": "bid1", "stage": "bidding", "situation": "round 1, upcard K\u2663", "cards": ["9C", "KD", "QD", "TD", "9D"], "score": [2, 0], "chosen": "order", "best": "pass", "values": {"pass": -0.518683, "order": -0.696324}, "words": {"pass": "pass", "order": "order up K\u2663"}, "loss": 0.177641, "flagged": false}, {"hand": 2, "index": 2, "player": 0, "phase": "play", "stage": "play", "situation": "trick 1 (\u2663 clubs trump), leading", "cards": ["9C", "KD", "QD", "TD", "9D"], "score": [2, 0], "chosen": "KD", "best": "KD", "values": {"9C": -1.40635, "KD": -0.001545, "QD": -0.001545, "TD": -0.002045, "9D": -0.002045}, "words": {"9C": "9\u2663", "KD": "K\u2666", "QD": "Q\u2666", "TD": "10\u2666", "9D": "9\u2666"}, "loss": 0.0, "flagged": false}, {"hand": 2, "index": 4, "player": 0, "phase": "play", "stage": "play", "situation": "trick 2 (\u2663 clubs trump), leading", "cards": ["9C", "QD", "TD", "9D"], "score": [2, 0], "chosen": "QD", "best": "QD", "values": {"9C": -1.40585, "QD": -1.37127, "TD": -1.37127, "9D": -1.37127}, "words": {"9C": "9\u2663", "QD": "Q\u2666", "TD": "10\u2666", "9D": "9\u2666"}, "loss": 0.0, "flagged": false}, {"hand": 2, "index": 6, "player": 0, "phase": "play", "stage": "play", "situation": "trick 3 (\u2663 clubs trump), leading", "cards": ["9C", "TD", "9D"], "score": [2, 0], "chosen": "TD", "best": "TD", "values": {"9C": -1.40485, "TD": 0.850517, "9D": 0.850517}, "words": {"9C": "9\u2663", "TD": "10\u2666", "9D": "9\u2666"}, "loss": 0.0, "flagged": false}, {"hand": 2, "index": 8, "player": 0, "phase": "play", "stage": "play", "situation": "trick 4 (\u2663 clubs trump), leading", "cards": ["9C", "9D"], "score": [2, 0], "chosen": "9D", "best": "9D", "values": {"9C": 2.028055, "9D": 2.028055}, "words": {"9C": "9\u2663", "9D": "9\u2666"}, "loss": 0.0, "flagged": false}, {"hand": 3, "index": 1, "player": 0, "phase": "discard", "stage": "discard", "situation": "A\u2666 ordered up: the dealer picks it up or leaves it", "cards": ["JH", "KC", "AS", "KS", "9S"], "score": [3, 0], "chosen": "discard AS", "best": "discard KC", "values": {"discard JH": -1.236727, "discard KC": 0.651939, "discard AS": 0.151358, "discard KS": 0.151358, "discard 9S": 0.617961, "discard AD": -1.236727, "pass": -1.236727}, "words": {"discard JH": "pick up and discard J\u2665", "discard KC": "pick up and discard K\u2663", "discard AS": "pick up and discard A\u2660", "discard KS": "pick up and discard K\u2660", "discard 9S": "pick up and discard 9\u2660", "discard AD": "pick up and discard A\u2666", "pass": "leave it"}, "loss": 0.500581, "flagged": true}, {"hand": 3, "index": 3, "player": 0, "phase": "play", "stage": "play", "situation": "trick 1 (\u2666 diamonds trump), answering K\u2665", "cards": ["JH", "AD", "KC", "KS", "9S"], "score": [3, 0], "chosen": "KS", "best": "AD", "values": {"JH": 1.185748, "AD": 1.185748, "KC": 1.185334, "KS": 1.18477, "9S": 1.18546}, "words": {"JH": "J\u2665", "AD": "A\u2666", "KC": "K\u2663", "KS": "K\u2660", "9S": "9\u2660"}, "loss": 0.000978, "flagged": false}, {"hand": 3, "index": 5, "player": 0, "phase": "play", "stage": "play", "situation": "trick 2 (\u2666 diamonds trump), answering 9\u2666", "cards": ["JH", "AD", "KC", "9S"], "score": [3, 0], "chosen": "JH", "best": "JH", "values": {"JH": -0.87941, "AD": -0.87941}, "words": {"JH": "J\u2665", "AD": "A\u2666"}, "loss": 0.0, "flagged": false}, {"hand": 3, "index": 6, "player": 0, "phase": "play", "stage": "play", "situation": "trick 3 (\u2666 diamonds trump), leading", "cards": ["AD", "KC", "9S"], "score": [3, 0], "chosen": "9S", "best": "KC", "values": {"AD": 0.685481, "KC": 0.685481, "9S": 0.684979}, "words": {"AD": "A\u2666", "KC": "K\u2663", "9S": "9\u2660"}, "loss": 0.000502, "flagged": false}, {"hand": 3, "index": 8, "player": 0, "phase": "play", "stage": "play", "situation": "trick 4 (\u2666 diamonds trump), leading", "cards": ["AD", "KC"], "score": [3, 0], "chosen": "AD", "best": "AD", "values": {"AD": 1.184748, "KC": 1.184748}, "words": {"AD": "A\u2666", "KC": "K\u2663"}, "loss": 0.0, "flagged": false}], "hands": [{"hand": 1, "dealer": 0, "outcome": "euchred", "maker": 1, "trump": "S", "points": [2, 0], "tricks_won": [3, 2], "loss": 0.0005, "hindsight": {"maker": 1, "perfect": 1, "perfect_outcome": "euchred", "played": 2}}, {"hand": 2, "dealer": 1, "outcome": "made", "maker": 0, "trump": "C", "points": [1, 0], "tricks_won": [3, 2], "loss": 0.177641, "hindsight": {"maker": 0, "perfect": 1, "perfect_outcome": "euchred", "played": 3}}, {"hand": 3, "dealer": 0, "outcome": "euchred", "maker": 1, "trump": "D", "points": [2, 0], "tricks_won": [4, 1], "loss": 0.502061, "hindsight": {"maker": 1, "perfect": 0, "perfect_outcome": "euchred", "played": 1}}], "summary": {"decisions": 14, "total_loss": 0.680202, "mistakes": [9], "by_phase": {"bidding": 0.177641, "discard": 0.500581, "play": 0.00198}, "by_hand": [{"hand": 1, "loss": 0.0005}, {"hand": 2, "loss": 0.177641}, {"hand": 3, "loss": 0.502061}]}}');
CREATE TABLE seats (name TEXT NOT NULL, game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, updated REAL NOT NULL, PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
INSERT INTO "seats" VALUES('Ann','Cx1s2xlEaqTO',0,1.79652586291425299643e+09);
INSERT INTO "seats" VALUES('Ann','8vTgr1-eBYzY',0,1.7965258634453382492e+09);
INSERT INTO "seats" VALUES('Ann','vnNJlFJwXxcK',0,1.79652586459369373317e+09);
INSERT INTO "seats" VALUES('Bob','vnNJlFJwXxcK',1,1.79652586459369373317e+09);
INSERT INTO "seats" VALUES('Computer','Cx1s2xlEaqTO',1,1.79652586291425299643e+09);
INSERT INTO "seats" VALUES('Computer','8vTgr1-eBYzY',1,1.7965258634453382492e+09);
CREATE INDEX games_finished ON games (finished, updated);
CREATE INDEX seats_by_name ON seats (name, updated);
COMMIT;
