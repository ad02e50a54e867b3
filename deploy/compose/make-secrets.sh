#!/bin/sh
# Writes secrets/ for compose.yaml: a random database password (PostgreSQL's, PgBouncer's user list and
# the two database URLs share it), OTP_PEPPER and TABLE_TICKET_SECRET. Refuses to overwrite.
set -eu
cd "$(dirname "$0")"
if [ -e secrets ]; then
  echo "secrets/ exists: not overwritten (remove it first to start over)" >&2
  exit 1
fi
random() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }
umask 077
mkdir secrets
password=$(random 24)
printf '%s\n' "$password" > secrets/postgres-password
printf '"santap" "%s"\n' "$password" > secrets/pgbouncer-userlist.txt
sed -e "s/DATABASE_PASSWORD/$password/g" -e "s/RANDOM_32/$(random 16)/" -e "s/RANDOM_48/$(random 24)/" \
  santap.env.example > secrets/santap.env
# The PostgreSQL and PgBouncer containers read their files as users of their own; the folder stays 700.
chmod 644 secrets/postgres-password secrets/pgbouncer-userlist.txt
echo "secrets/ written; add a gateway's and the OTP senders' keys to secrets/santap.env"
